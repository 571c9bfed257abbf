{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// What a parent may ask of a running {{ name }} flow.
@MainActor
{{ access }} protocol {{ name }}Coordinatable: Coordinatable { }

/// Runs the {{ name }} flow: its children, routes and finishing. The flow's own code (its
/// first screen, when to route) is in {{ name }}Coordinator+Flow.swift, which is yours.
final class {{ name }}Coordinator: Coordinator, {{ name }}Coordinatable {
    weak var listener: {{ name }}Listener?
{% if viewModel %}
    let viewModel: {{ name }}ViewModel
{% else %}
{% for dependency in dependencies %}
    let {{ dependency.name }}: {{ dependency.type }}
{% endfor %}
{% endif %}
{% for child in children %}
    private let {{ child.lowerName }}Containable: {{ child.name }}Containable
{% endfor %}

{% if viewModel or dependencies or children %}
{% if viewModel %}
    init(presenter: Presenting, viewModel: {{ name }}ViewModel{% for child in children %}, {{ child.lowerName }}Containable: {{ child.name }}Containable{% endfor %}) {
        self.viewModel = viewModel
{% else %}
    init(presenter: Presenting{% for dependency in dependencies %}, {{ dependency.name }}: {{ dependency.type }}{% endfor %}{% for child in children %}, {{ child.lowerName }}Containable: {{ child.name }}Containable{% endfor %}) {
{% for dependency in dependencies %}
        self.{{ dependency.name }} = {{ dependency.name }}
{% endfor %}
{% endif %}
{% for child in children %}
        self.{{ child.lowerName }}Containable = {{ child.lowerName }}Containable
{% endfor %}
        super.init(presenter: presenter)
    }

{% endif %}
    /// Shows the first screen: `startFlow()` in {{ name }}Coordinator+Flow.swift.
    override func start() {
        startFlow()
    }

    /// Finishes the child flows, then tells the listener, which releases this flow.
    override func finish() {
        super.finish()
        listener?.{{ name|lowerFirstLetter }}DidFinish(self)
    }
{% for child in children %}

    /// Starts the {{ child.name }} flow as a child of this one, on `presenter` (default: this flow's).
    func routeTo{{ child.name }}(presenter: Presenting? = nil) {
        let coordinator = {{ child.lowerName }}Containable.coordinator(listener: self, presenter: presenter ?? self.presenter)
        addChild(coordinator)
        coordinator.start()
    }
{% endfor %}
}
{% for child in children %}

extension {{ name }}Coordinator: {{ child.name }}Listener {
    func {{ child.lowerName }}DidFinish(_ coordinator: {{ child.name }}Coordinatable) {
        removeChild(coordinator)
    }
}
{% endfor %}
