// Your code: teamflow created this file once and never overwrites it.
extension {{ name }}Coordinator {
    func start() {
{% for child in children %}
        // routeTo{{ child.name }}()
{% endfor %}
    }
}
