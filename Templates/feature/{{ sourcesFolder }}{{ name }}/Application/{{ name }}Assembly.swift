/// Builds the {{ name }} feature's objects layer by layer: repository, use cases, view models.
@MainActor
{{ access }} final class {{ name }}Assembly {
    private let repository: {{ name }}Repository

    {{ access }} init(repository: {{ name }}Repository = Default{{ name }}Repository()) {
        self.repository = repository
    }
{% for useCase in useCases %}

    {{ access }} func make{{ useCase.name }}UseCase() -> {{ useCase.name }}UseCase {
        Default{{ useCase.name }}UseCase(repository: repository)
    }
{% endfor %}
{% for screen in screens %}

    {{ access }} func make{{ screen.name }}ViewModel() -> {{ screen.name }}ViewModel {
        Default{{ screen.name }}ViewModel({% for useCase in useCases %}{{ useCase.lowerName }}UseCase: make{{ useCase.name }}UseCase(){% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
    }
{% endfor %}
}
