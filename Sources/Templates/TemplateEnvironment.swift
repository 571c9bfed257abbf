public import Foundation

/// Everything templates are parsed and rendered with: the loader for `include`/`extends`,
/// the trim behaviour, the filters and the budget every render gets.
public struct TemplateEnvironment: Sendable {
    /// Where named templates come from (nil: `include`/`extends` fail).
    public let loader: (any TemplateLoader)?
    /// How whitespace around block tags is trimmed.
    public let trimBehaviour: TrimBehaviour
    /// Renders like StencilSwiftKit's `StencilSwiftTemplate` (SwiftGen's output): blank lines of
    /// the output collapse unless the template wrote them (see `BlankLineCompaction`).
    public let compactsBlankLines: Bool
    /// What each render may write and do (``RenderBudget/default`` unless given).
    public var budget: RenderBudget
    /// The zone the `date` filter formats in unless given one (UTC unless set).
    public var timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .gmt
    /// Built-in, string, number and extra filters by name.
    let filters: [String: FilterFunction]

    /// Creates an environment. `extraFilters` are added to (and override) the built-in
    /// filters; `compactsBlankLines` renders as StencilSwiftKit's `StencilSwiftTemplate` does;
    /// `budget` bounds every render made with this environment.
    public init(
        loader: (any TemplateLoader)? = nil, trimBehaviour: TrimBehaviour = .none,
        extraFilters: [String: Filter] = [:], compactsBlankLines: Bool = false, budget: RenderBudget = .default
    ) {
        self.loader = loader
        self.budget = budget
        self.trimBehaviour = trimBehaviour
        self.compactsBlankLines = compactsBlankLines
        var filters = StringFilterHook.table
        filters.merge(BuiltinFilters.table) { _, builtin in builtin }
        filters.merge(NumberFilters.table) { current, _ in current }
        filters.merge(DateFilters.table) { current, _ in current }
        for (name, filter) in extraFilters { filters[name] = .arguments(filter) }
        self.filters = filters
    }

    /// The names of all registered filters, sorted.
    public var filterNames: [String] { filters.keys.sorted() }

    /// Parses `string`; `name` appears in error messages.
    public func parse(string: String, name: String? = nil) throws -> Template {
        let text = compactsBlankLines ? BlankLineCompaction.markSource(string) : string
        let tokens = Lexer(templateName: name, text: text).tokenize()
        let parser = Parser(tokens: tokens, filters: filters, trimBehaviour: trimBehaviour)
        return Template(name: name, nodes: try parser.parse(), environment: self)
    }

    /// Loads and parses the template `name` through the loader.
    public func loadTemplate(named name: String) throws -> Template {
        guard let loader else {
            throw TemplateError(message: "template named '\(name)' does not exist: no loader is configured", templateName: name)
        }
        guard let text = try loader.loadTemplate(named: name) else {
            throw TemplateError(message: "template named '\(name)' does not exist", templateName: name)
        }
        return try parse(string: text, name: name)
    }

    /// Parses and renders `string` with `context`.
    public func render(string: String, name: String? = nil, context: [String: TemplateValue]) throws -> String {
        try parse(string: string, name: name).render(context: context)
    }

    /// Loads, parses and renders the template `templateNamed` with `context`.
    public func render(templateNamed: String, context: [String: TemplateValue]) throws -> String {
        try loadTemplate(named: templateNamed).render(context: context)
    }
}
