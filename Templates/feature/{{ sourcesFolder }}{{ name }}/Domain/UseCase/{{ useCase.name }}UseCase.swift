/// The {{ useCase.name }} use case of the {{ name }} feature.
{{ access }} protocol {{ useCase.name }}UseCase: Sendable {
    func execute() async throws -> [{{ entity }}]
}

{{ access }} struct Default{{ useCase.name }}UseCase: {{ useCase.name }}UseCase {
    private let repository: {{ name }}Repository

    {{ access }} init(repository: {{ name }}Repository) {
        self.repository = repository
    }

    {{ access }} func execute() async throws -> [{{ entity }}] {
        try await repository.fetch{{ entity }}List()
    }
}
