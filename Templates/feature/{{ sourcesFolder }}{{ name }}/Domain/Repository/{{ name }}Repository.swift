/// Where the {{ name }} feature's data comes from; the Data layer implements it.
{{ access }} protocol {{ name }}Repository: Sendable {
    func fetch{{ entity }}List() async throws -> [{{ entity }}]
}
