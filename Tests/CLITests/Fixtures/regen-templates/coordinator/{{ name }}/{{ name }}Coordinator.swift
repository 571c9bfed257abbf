final class {{ name }}Coordinator {
{% for child in children %}
    let {{ child.lowerName }}Containable: {{ child.name }}Containable
{% endfor %}
}
