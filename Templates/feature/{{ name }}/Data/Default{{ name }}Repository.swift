/// The {{ name }} repository; replace the body with the real data source (network, storage).
struct Default{{ name }}Repository: {{ name }}Repository {
    init() {}

    func fetch{{ entity }}List() async throws -> [{{ entity }}] {
        []
    }
}
