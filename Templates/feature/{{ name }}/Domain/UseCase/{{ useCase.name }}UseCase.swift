/// The {{ useCase.name }} use case of the {{ name }} feature.
protocol {{ useCase.name }}UseCase: Sendable {
    func execute() async throws -> [{{ entity }}]
}

struct Default{{ useCase.name }}UseCase: {{ useCase.name }}UseCase {
    private let repository: {{ name }}Repository

    init(repository: {{ name }}Repository) {
        self.repository = repository
    }

    func execute() async throws -> [{{ entity }}] {
        try await repository.fetch{{ entity }}List()
    }
}
