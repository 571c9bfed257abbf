{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// What the {{ name }} view tells its view model.
@MainActor
protocol {{ name }}ViewModelInput {
{% for input in inputs %}
    func {{ input }}()
{% endfor %}
}

/// What the {{ name }} view reads from its view model.
@MainActor
protocol {{ name }}ViewModelOutput: AnyObject {
{% for output in outputs %}
    var {{ output.name }}: {{ output.type }}? { get }
{% endfor %}
    /// Called after any output changed.
    var onChange: (() -> Void)? { get set }
}

typealias {{ name }}ViewModel = {{ name }}ViewModelInput & {{ name }}ViewModelOutput

@MainActor
final class Default{{ name }}ViewModel: {{ name }}ViewModel {
{% for output in outputs %}
    private(set) var {{ output.name }}: {{ output.type }}? {
        didSet { onChange?() }
    }
{% endfor %}
    var onChange: (() -> Void)?
{% for dependency in dependencies %}
    private let {{ dependency.name }}: {{ dependency.type }}
{% endfor %}

    init({% for dependency in dependencies %}{{ dependency.name }}: {{ dependency.type }}{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for dependency in dependencies %}
        self.{{ dependency.name }} = {{ dependency.name }}
{% endfor %}
    }
{% for input in inputs %}

    func {{ input }}() {
    }
{% endfor %}
}
