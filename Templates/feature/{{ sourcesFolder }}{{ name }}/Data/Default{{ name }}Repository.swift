/// The {{ name }} repository; replace the body with the real data source (network, storage).
{{ access }} struct Default{{ name }}Repository: {{ name }}Repository {
    {{ access }} init() {}

    {{ access }} func fetch{{ entity }}List() async throws -> [{{ entity }}] {
        []
    }
}
