{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// What the {{ name }} view tells its view model.
@MainActor
{{ access }} protocol {{ name }}ViewModelInput {
{% for input in inputs %}
    func {{ input }}()
{% endfor %}
}

/// What the {{ name }} view reads from its view model.
@MainActor
{{ access }} protocol {{ name }}ViewModelOutput: AnyObject {
{% for output in outputs %}
    var {{ output.name }}: {{ output.type }}? { get }
{% endfor %}
    /// Called after any output changed.
    var onChange: (() -> Void)? { get set }
}

{{ access }} typealias {{ name }}ViewModel = {{ name }}ViewModelInput & {{ name }}ViewModelOutput

@MainActor
{{ access }} final class Default{{ name }}ViewModel: {{ name }}ViewModel {
{% for output in outputs %}
    {{ access }} private(set) var {{ output.name }}: {{ output.type }}? {
        didSet { onChange?() }
    }
{% endfor %}
    {{ access }} var onChange: (() -> Void)?
{% for dependency in dependencies %}
    private let {{ dependency.name }}: {{ dependency.type }}
{% endfor %}

    {{ access }} init({% for dependency in dependencies %}{{ dependency.name }}: {{ dependency.type }}{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for dependency in dependencies %}
        self.{{ dependency.name }} = {{ dependency.name }}
{% endfor %}
    }
{% for input in inputs %}

    {{ access }} func {{ input }}() {
    }
{% endfor %}
}
