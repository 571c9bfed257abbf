{% for module in imports %}
import {{ module }}
{% endfor %}
{% if viewController %}
#if canImport(UIKit)
import UIKit
#endif
{% endif %}
{% if imports or viewController %}

{% endif %}
/// What a parent may ask of a running {{ name }} flow.
public protocol {{ name }}Coordinatable: Coordinatable { }

final class {{ name }}Coordinator: Coordinator, {{ name }}Coordinatable {
    weak var listener: {{ name }}Listener?
{% if viewController %}
#if canImport(UIKit)
    /// The flow's first screen, created by `start()`.
    private(set) var viewController: UIViewController?
#endif
{% endif %}
{% if viewModel %}
    private let viewModel: {{ name }}ViewModel
{% else %}
{% for dependency in dependencies %}
    private let {{ dependency.name }}: {{ dependency.type }}
{% endfor %}
{% endif %}
{% for child in children %}
    private let {{ child.lowerName }}Containable: {{ child.name }}Containable
{% endfor %}

{% if viewModel or dependencies or children %}
{% if viewModel %}
    init(viewModel: {{ name }}ViewModel{% for child in children %}, {{ child.lowerName }}Containable: {{ child.name }}Containable{% endfor %}) {
        self.viewModel = viewModel
{% else %}
    init({% for dependency in dependencies %}{{ dependency.name }}: {{ dependency.type }}{% if not forloop.last or children %}, {{ "" }}{% endif %}{% endfor %}{% for child in children %}{{ child.lowerName }}Containable: {{ child.name }}Containable{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for dependency in dependencies %}
        self.{{ dependency.name }} = {{ dependency.name }}
{% endfor %}
{% endif %}
{% for child in children %}
        self.{{ child.lowerName }}Containable = {{ child.lowerName }}Containable
{% endfor %}
        super.init()
    }

{% endif %}
    override func start() {
{% if viewController %}
#if canImport(UIKit)
        viewController = {{ name }}ViewController({% if viewModel %}viewModel: viewModel{% endif %})
#endif
{% else %}
        // Create and show the flow's first screen here.
{% endif %}
    }
{% for child in children %}

    /// Starts the {{ child.name }} flow as a child of this one.
    func routeTo{{ child.name }}() {
        let coordinator = {{ child.lowerName }}Containable.coordinator(listener: self)
        addChild(coordinator)
        coordinator.start()
    }
{% endfor %}
}
{% for child in children %}

extension {{ name }}Coordinator: {{ child.name }}Listener { }
{% endfor %}
