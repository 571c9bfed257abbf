/// Registers StencilSwiftKit's string filters (``StringFilters/table``, from the `filters`
/// branch) with the engine.
///
/// Built-in Stencil filters take precedence over these (as in Stencil, whose default
/// extension is searched first); `extraFilters` override both.
enum StringFilterHook {
    static let table: [String: FilterFunction] = {
        var table: [String: FilterFunction] = [:]
        for (name, filter) in StringFilters.table {
            table[name] = .arguments { value, arguments in
                let result = try filter(value.rendered, textArguments(arguments, filter: name))
                switch result {
                case .string(let text): return .string(text)
                case .bool(let flag): return .bool(flag)
                }
            }
        }
        return table
    }()

    /// Filters whose only option is a boolean; StencilSwiftKit ignores a non-string value there.
    private static let booleanOptionFilters: Set<String> = ["camelToSnakeCase", "snakeToCamelCase"]

    /// The arguments as text the way StencilSwiftKit reads them: resolved values by their
    /// text, unresolved trailing arguments left out, non-string boolean options ignored.
    static func textArguments(_ arguments: [TemplateValue], filter: String) -> [String] {
        var values = arguments
        while let last = values.last, last.isNull { values.removeLast() }
        if booleanOptionFilters.contains(filter), let first = values.first {
            guard case .string = first else { return [] }
        }
        return values.map(\.rendered)
    }
}
