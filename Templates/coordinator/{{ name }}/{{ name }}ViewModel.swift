{% if viewModel %}
{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// State and actions of the {{ name }} screen, built by {{ name }}Container.
@MainActor
final class {{ name }}ViewModel {
{% for dependency in dependencies %}
    private let {{ dependency.label }}: {{ dependency.type }}
{% endfor %}

    init({% for dependency in dependencies %}{{ dependency.label }}: {{ dependency.type }}{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for dependency in dependencies %}
        self.{{ dependency.label }} = {{ dependency.label }}
{% endfor %}
    }
}
{% endif %}
