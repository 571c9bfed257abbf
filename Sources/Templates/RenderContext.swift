/// Mutable state of one render: the variable scopes, inheritance blocks, running loops,
/// the templates loaded so far and what is left of the budget. Created per render call, never
/// shared; includes, extends, imports and macros render with the same context, so they draw on
/// the same budget.
final class RenderContext {
    /// Variable scopes, innermost last.
    var dictionaries: [[String: TemplateValue]]
    let environment: TemplateEnvironment
    /// Child blocks waiting to replace blocks of the base template being rendered.
    var blockContext: BlockContext?
    /// Labels of the loops currently rendering an item, innermost last.
    var loopLabels: [String?] = []
    /// A pending `break` / `continue`, with the index of the loop it targets.
    var termination: (isBreak: Bool, loop: Int)?
    /// Nesting of include/extends, to stop runaway recursion.
    var templateDepth = 0
    /// Nesting of rendered node lists across templates, bounded to protect the stack.
    var renderDepth = 0
    static let maximumRenderDepth = 250
    private var loadedTemplates: [String: Template] = [:]
    /// Macros defined by `{% macro %}`, each with the index of the scope it lives in
    /// (non-decreasing: leaving a scope drops its macros).
    var macros: [(scope: Int, name: String, macro: Macro)] = []
    /// The environment's ``RenderBudget``, as spent so far.
    var meter: BudgetMeter

    static let maximumTemplateDepth = 64

    init(context: [String: TemplateValue], environment: TemplateEnvironment) {
        self.dictionaries = context.isEmpty ? [] : [context]
        self.environment = environment
        self.meter = BudgetMeter(environment.budget)
    }

    /// The innermost value named `key`; a `.null` stored in a scope hides outer ones.
    subscript(key: String) -> TemplateValue? {
        var index = dictionaries.count - 1
        while index >= 0 {
            if let value = dictionaries[index][key] { return value }
            index -= 1
        }
        return nil
    }

    /// The innermost value named `key`, as the subscript finds it, with the search counted:
    /// a step per 4 scopes passed, so deep recursion, where every lookup walks hundreds of
    /// scopes, pays for that work. Shallow lookups are free.
    func lookup(_ key: String) throws -> TemplateValue? {
        var index = dictionaries.count - 1
        while index >= 0 {
            if let value = dictionaries[index][key] {
                try meter.spend(steps: (dictionaries.count - index) >> 2)
                return value
            }
            index -= 1
        }
        try meter.spend(steps: dictionaries.count >> 2)
        return nil
    }

    /// Runs `body` with `dictionary` as a new innermost scope.
    func push<Result>(_ dictionary: [String: TemplateValue] = [:], _ body: () throws -> Result) rethrows -> Result {
        dictionaries.append(dictionary)
        defer {
            dictionaries.removeLast()
            if let last = macros.last, last.scope >= dictionaries.count { dropMacros() }
        }
        return try body()
    }

    /// Remembers a rendered block so `{{ block.name }}` can print it again.
    func cacheBlock(_ name: String, content: String) {
        if case .dictionary(var blocks)? = dictionaries.first?["block"],
            blocks.values.allSatisfy({ if case .string = $0 { return true } else { return false } })
        {
            blocks[name] = .string(content)
            dictionaries[0]["block"] = .dictionary(blocks)
        } else {
            dictionaries.insert(["block": .dictionary([name: .string(content)])], at: 0)
            // Scopes moved up by one; macros keep pointing at theirs.
            for index in macros.indices { macros[index].scope += 1 }
        }
    }

    /// A template from the environment's loader, parsed once per render.
    func template(named name: String) throws -> Template {
        if let template = loadedTemplates[name] { return template }
        let template = try environment.loadTemplate(named: name)
        loadedTemplates[name] = template
        return template
    }

    /// Runs `body` one include/extends level deeper, refusing endless recursion.
    func nested<Result>(_ body: () throws -> Result) throws -> Result {
        guard templateDepth < Self.maximumTemplateDepth else {
            throw TemplateError(message: "templates nested more than \(Self.maximumTemplateDepth) levels deep (recursive include or extends?)")
        }
        templateDepth += 1
        defer { templateDepth -= 1 }
        return try body()
    }
}

/// A parsed piece of a template that can render itself.
protocol Node: Sendable {
    /// Where errors raised by this node point.
    var location: SourceLocation? { get }
    func render(_ context: RenderContext, into output: inout String) throws
}

/// Renders `nodes` in order, stopping early for a pending `break`/`continue`, and places
/// errors that lack a location at the failing node.
func renderNodes(_ nodes: [any Node], _ context: RenderContext, into output: inout String) throws {
    guard context.renderDepth < RenderContext.maximumRenderDepth else {
        throw TemplateError(message: "templates nested too deeply (more than \(RenderContext.maximumRenderDepth) levels)")
    }
    context.renderDepth += 1
    defer { context.renderDepth -= 1 }
    for node in nodes {
        do {
            try context.meter.spend(steps: 1)
            try node.render(context, into: &output)
        } catch {
            throw templateError(error, at: node.location)
        }
        if context.termination != nil { break }
    }
}

/// Convenience returning the rendered text.
func renderNodes(_ nodes: [any Node], _ context: RenderContext) throws -> String {
    var output = ""
    try renderNodes(nodes, context, into: &output)
    return output
}
