public protocol {{ name }}Dependency {
{% for dependency in dependencies %}
    var {{ dependency.name }}: {{ dependency.type }} { get }
{% endfor %}
{% for dependency in passThrough %}
    var {{ dependency.name }}: {{ dependency.type }} { get }
{% endfor %}
}
