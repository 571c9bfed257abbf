{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// What {{ name }} needs from its parent; the parent's container conforms to it.
@MainActor
public protocol {{ name }}Dependency {
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
public protocol {{ name }}Containable {
    func coordinator(listener: {{ name }}Listener) -> Coordinatable
}

public final class {{ name }}Container: Container<{{ name }}Dependency>, {{ name }}Containable {
    public func coordinator(listener: {{ name }}Listener) -> Coordinatable {
{% if viewModel %}
        let viewModel = {{ name }}ViewModel({% for dependency in dependencies %}{{ dependency.label }}: dependency.{{ dependency.name }}{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
{% if wiredChildren %}
        let coordinator = {{ name }}Coordinator(viewModel: viewModel{% for child in children %}, {{ child.lowerName }}Containable: {{ child.lowerName }}Containable{% endfor %})
{% else %}
        let coordinator = {{ name }}Coordinator(viewModel: viewModel{% for child in children %}, {{ child.lowerName }}Containable: dependency.{{ child.lowerName }}Containable{% endfor %})
{% endif %}
{% else %}
{% if wiredChildren %}
        let coordinator = {{ name }}Coordinator({% for dependency in dependencies %}{{ dependency.name }}: dependency.{{ dependency.name }}{% if not forloop.last or children %}, {{ "" }}{% endif %}{% endfor %}{% for child in children %}{{ child.lowerName }}Containable: {{ child.lowerName }}Containable{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
{% else %}
        let coordinator = {{ name }}Coordinator({% for dependency in dependencies %}{{ dependency.name }}: dependency.{{ dependency.name }}{% if not forloop.last or children %}, {{ "" }}{% endif %}{% endfor %}{% for child in children %}{{ child.lowerName }}Containable: dependency.{{ child.lowerName }}Containable{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
{% endif %}
{% endif %}
        coordinator.listener = listener
        return coordinator
    }
}

/// How the {{ name }} flow reports back to its parent.
@MainActor
public protocol {{ name }}Listener: AnyObject { }
