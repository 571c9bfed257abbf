{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// What {{ name }} needs from its parent; the parent's container conforms to it.
@MainActor
{{ access }} protocol {{ name }}Dependency {
{% if not wiredChildren %}
{% for child in children %}
    var {{ child.lowerName }}Containable: {{ child.name }}Containable { get }
{% endfor %}
{% endif %}
{% for dependency in dependencies %}
    var {{ dependency.name }}: {{ dependency.type }} { get }
{% endfor %}
{% for dependency in passThrough %}
    var {{ dependency.name }}: {{ dependency.type }} { get }
{% endfor %}
}

/// Builds the {{ name }} flow; this is what a parent keeps to start it.
@MainActor
{{ access }} protocol {{ name }}Containable {
    /// A new {{ name }} flow that shows its screens on `presenter` and reports to `listener`.
    func coordinator(listener: {{ name }}Listener, presenter: Presenting) -> {{ name }}Coordinatable
}

{{ access }} final class {{ name }}Container: Container<{{ name }}Dependency>, {{ name }}Containable {
    {{ access }} func coordinator(listener: {{ name }}Listener, presenter: Presenting) -> {{ name }}Coordinatable {
{% if viewModel %}
        // A new view model per flow (a factory); shared services come from the container.
        let viewModel = {{ name }}ViewModel({% for dependency in dependencies %}{{ dependency.label }}: dependency.{{ dependency.name }}{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
{% if wiredChildren %}
        let coordinator = {{ name }}Coordinator(presenter: presenter, viewModel: viewModel{% for child in children %}, {{ child.lowerName }}Containable: {{ child.lowerName }}Containable{% endfor %})
{% else %}
        let coordinator = {{ name }}Coordinator(presenter: presenter, viewModel: viewModel{% for child in children %}, {{ child.lowerName }}Containable: dependency.{{ child.lowerName }}Containable{% endfor %})
{% endif %}
{% else %}
{% if wiredChildren %}
        let coordinator = {{ name }}Coordinator(presenter: presenter{% for dependency in dependencies %}, {{ dependency.name }}: dependency.{{ dependency.name }}{% endfor %}{% for child in children %}, {{ child.lowerName }}Containable: {{ child.lowerName }}Containable{% endfor %})
{% else %}
        let coordinator = {{ name }}Coordinator(presenter: presenter{% for dependency in dependencies %}, {{ dependency.name }}: dependency.{{ dependency.name }}{% endfor %}{% for child in children %}, {{ child.lowerName }}Containable: dependency.{{ child.lowerName }}Containable{% endfor %})
{% endif %}
{% endif %}
        coordinator.listener = listener
        return coordinator
    }
}

/// How the {{ name }} flow reports back to its parent.
@MainActor
{{ access }} protocol {{ name }}Listener: AnyObject {
    /// The flow finished (its `finish()` ran); the parent releases it with `removeChild`.
    func {{ name|lowerFirstLetter }}DidFinish(_ coordinator: {{ name }}Coordinatable)
}
