/// HOOK for the `filters` branch (StencilSwiftKit's string filters in `StringFilters*.swift`).
///
/// Until that branch is merged this table is empty, so `camelToSnakeCase`, `swiftIdentifier`
/// and friends are unknown filters. After `git merge filters`, fill it from the other
/// helper's `StringFilters` API. Built-in Stencil filters take precedence over these (as in
/// Stencil, whose default extension is searched first); `extraFilters` override both.
enum StringFilterHook {
    static let table: [String: FilterFunction] = [:]
}
