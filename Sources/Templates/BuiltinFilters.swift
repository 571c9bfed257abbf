import Foundation

/// Stencil's built-in filters: capitalize, uppercase, lowercase, default, join, split,
/// indent and filter.
enum BuiltinFilters {
    static let table: [String: FilterFunction] = [
        "capitalize": .simple { mapText($0) { $0.capitalized } },
        "uppercase": .simple { mapText($0) { $0.uppercased() } },
        "lowercase": .simple { mapText($0) { $0.lowercased() } },
        "default": .arguments(defaultFilter),
        "join": .contextual(join),
        "split": .arguments(split),
        "indent": .contextual(indent),
        "filter": .contextual(dynamicFilter),
    ]

    /// Applies `transform` to the text of a value, or of each element of an array.
    private static func mapText(_ value: TemplateValue, _ transform: (String) -> String) -> TemplateValue {
        if case .array(let items) = value {
            return .array(items.map { .string(transform($0.rendered)) })
        }
        return .string(transform(value.rendered))
    }

    /// The value unless it is nil (or prints as "nil"), else the first non-nil argument.
    private static func defaultFilter(_ value: TemplateValue, _ arguments: [TemplateValue]) -> TemplateValue {
        if !value.isNull && value.rendered != "nil" { return value }
        return arguments.first(where: { !$0.isNull }) ?? .null
    }

    /// Measures the joined text first: joining a long list with a long separator can ask for far
    /// more than the budget, and that is refused before anything is built.
    private static func join(_ value: TemplateValue, _ arguments: [TemplateValue], _ context: RenderContext) throws -> TemplateValue {
        guard arguments.count < 2 else { throw TemplateError(message: "'join' filter takes at most one argument") }
        let separator = arguments.first?.rendered ?? ""
        guard case .array(let items) = value else { return value }
        let room = context.meter.bytesLeft
        let (separators, overflow) = separator.utf8.count.multipliedReportingOverflow(by: max(0, items.count - 1))
        guard !overflow, separators <= room else { throw context.meter.exceeded(.outputBytes) }
        var size = separators
        for item in items {
            size += item.renderedSizeBound(limit: room - size)
            guard size <= room else { throw context.meter.exceeded(.outputBytes) }
        }
        return .string(items.map(\.rendered).joined(separator: separator))
    }

    private static func split(_ value: TemplateValue, _ arguments: [TemplateValue]) throws -> TemplateValue {
        guard arguments.count < 2 else { throw TemplateError(message: "'split' filter takes at most one argument") }
        let separator = arguments.first?.rendered ?? " "
        guard case .string(let text) = value else { return value }
        guard !separator.isEmpty else { return .array([.string(text)]) }
        return .array(text.components(separatedBy: separator).map { .string($0) })
    }

    /// The widest indentation `indent` makes; a wider one is an error, not a silent clamp.
    static let maximumIndentWidth = 10_000

    /// `indent:width,character,indentFirst`; empty lines stay empty. The result's size
    /// (indentation times lines, plus the text) is checked against the budget before it is built.
    private static func indent(_ value: TemplateValue, _ arguments: [TemplateValue], _ context: RenderContext) throws -> TemplateValue {
        guard arguments.count <= 3 else { throw TemplateError(message: "'indent' filter can take at most 3 arguments") }
        var width = 4
        if let first = arguments.first {
            guard case .int(let number) = first else {
                throw TemplateError(message: "'indent' filter width argument must be an Integer (\(first.rendered))")
            }
            guard number >= 0 else { throw TemplateError(message: "filter 'indent': width \(number) is negative") }
            guard number <= maximumIndentWidth else {
                throw TemplateError(message: "filter 'indent': width \(number) exceeds the largest indentation, \(maximumIndentWidth)")
            }
            width = number
        }
        var character = " "
        if arguments.count > 1 {
            guard case .string(let text) = arguments[1] else {
                throw TemplateError(message: "'indent' filter indentation argument must be a String (\(arguments[1].rendered))")
            }
            character = text
        }
        var indentFirst = false
        if arguments.count > 2 {
            guard case .bool(let flag) = arguments[2] else {
                throw TemplateError(message: "'indent' filter indentFirst argument must be a Bool")
            }
            indentFirst = flag
        }
        let content = value.rendered
        guard width > 0, !character.isEmpty else { return .string(content) }
        var lines = content.components(separatedBy: .newlines)
        // Every line but an empty one gets the indentation: lines times its size bounds the growth.
        let (indentationBytes, wide) = character.utf8.count.multipliedReportingOverflow(by: width)
        let (growth, long) = indentationBytes.multipliedReportingOverflow(by: lines.count)
        guard !wide, !long, growth <= context.meter.bytesLeft - content.utf8.count else {
            throw context.meter.exceeded(.outputBytes)
        }
        let indentation = String(repeating: character, count: width)
        let first = (indentFirst ? indentation : "") + lines.removeFirst()
        let rest = lines.map { $0.isEmpty ? "" : indentation + $0 }
        return .string(([first] + rest).joined(separator: "\n"))
    }

    /// `filter:name` applies a filter chosen at render time (e.g. from a variable).
    private static func dynamicFilter(
        _ value: TemplateValue, _ arguments: [TemplateValue], _ context: RenderContext
    ) throws -> TemplateValue {
        guard !value.isNull else { return .null }
        guard arguments.count == 1 else { throw TemplateError(message: "'filter' filter takes one argument") }
        // The filter chain is compiled on every call: reading a long one is work.
        try context.meter.spend(steps: BudgetMeter.readingSteps(arguments[0]))
        let expression: FilterExpression
        do {
            expression = try FilterExpression("$0|" + arguments[0].rendered, filters: context.environment.filters)
        } catch let error as UnknownFilterError {
            throw TemplateError(message: error.message)
        }
        return try context.push(["$0": value]) { try expression.resolve(context) }
    }
}
