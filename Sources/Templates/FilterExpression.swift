import Foundation

/// A custom filter: the input value and the resolved arguments in, the output out.
public typealias Filter = @Sendable (TemplateValue, [TemplateValue]) throws -> TemplateValue

/// How a registered filter is called.
enum FilterFunction: Sendable {
    /// Takes no arguments; passing any is an error (Stencil's simple filters).
    case simple(@Sendable (TemplateValue) throws -> TemplateValue)
    /// Takes any number of arguments.
    case arguments(Filter)
    /// Needs the render context (the `filter` filter compiles a filter at render time).
    case contextual(@Sendable (TemplateValue, [TemplateValue], RenderContext) throws -> TemplateValue)

    func invoke(_ value: TemplateValue, _ arguments: [TemplateValue], _ context: RenderContext) throws -> TemplateValue {
        switch self {
        case .simple(let filter):
            guard arguments.isEmpty else { throw TemplateError(message: "can't invoke filter with an argument") }
            return try filter(value)
        case .arguments(let filter):
            return try filter(value, arguments)
        case .contextual(let filter):
            return try filter(value, arguments, context)
        }
    }
}

/// `variable|filter:arg1,arg2|other`, with every filter looked up at parse time.
struct FilterExpression: Sendable {
    struct Application: Sendable {
        let name: String
        let function: FilterFunction
        let arguments: [Variable]
    }

    let variable: Variable
    let filters: [Application]

    /// Compiles `token`; an unknown filter is an error naming it.
    init(_ token: String, filters table: [String: FilterFunction]) throws {
        let bits = token.smartSplit(separator: "|").map { $0.stencilTrimSpaces() }
        guard let first = bits.first else {
            throw TemplateError(message: "variable tags must include at least 1 argument")
        }
        variable = Variable(first)
        filters = try bits.dropFirst().map { bit in
            var components = bit.smartSplit(separator: ":")
            let name = components.isEmpty ? "" : components.removeFirst().stencilTrimSpaces()
            let arguments = components.joined(separator: ":").smartSplit(separator: ",")
                .map { Variable($0.stencilTrimSpaces()) }
            guard let function = table[name] else {
                throw UnknownFilterError(name: name, known: Array(table.keys))
            }
            return Application(name: name, function: function, arguments: arguments)
        }
    }

    func resolve(_ context: RenderContext) throws -> TemplateValue {
        var value = try variable.resolve(context)
        for filter in filters {
            let arguments = try filter.arguments.map { try $0.resolve(context) }
            try context.meter.spend(steps: 1 + BudgetMeter.readingSteps(value))
            let input = value
            do {
                value = try filter.function.invoke(value, arguments, context)
            } catch let error as TemplateError {
                throw error
            } catch {
                throw TemplateError(message: "filter '\(filter.name)': \(error)")
            }
            try Self.charge(value, madeFrom: input, context)
        }
        return value
    }

    /// Counts what a filter made: a string's bytes, a list's items (a step each) and the bytes
    /// of its strings. A result equal to the input (`default` passing a value on) made nothing;
    /// Swift compares identical storage in constant time.
    private static func charge(_ result: TemplateValue, madeFrom input: TemplateValue, _ context: RenderContext) throws {
        switch result {
        case .string(let text):
            if case .string(let original) = input, original.utf8.count == text.utf8.count, original == text { return }
            try context.meter.spend(bytes: text.utf8.count)
        case .array(let items):
            if case .array(let original) = input, original.count == items.count, original == items { return }
            try context.meter.spend(steps: items.count)
            var bytes = 0
            for case .string(let text) in items { bytes += text.utf8.count }
            try context.meter.spend(bytes: bytes)
        default:
            return
        }
    }
}

/// Thrown for a filter name that is not registered; the parser turns it into a
/// ``TemplateError`` pointing at the name.
struct UnknownFilterError: Error {
    let name: String
    let known: [String]

    var message: String {
        let close = known.map { ($0, $0.editDistance(to: name)) }
            .filter { $0.1 < $0.0.count && $0.1 <= 3 }
        guard let best = close.map(\.1).min() else { return "unknown filter '\(name)'" }
        let names = close.filter { $0.1 == best }.map { "'\($0.0)'" }.sorted()
        return "unknown filter '\(name)'; did you mean \(names.joined(separator: ", "))?"
    }
}

/// Something that resolves to a value: a filter expression or a `from...to` range.
enum Resolvable: Sendable {
    case filter(FilterExpression)
    case range(FilterExpression, FilterExpression)

    /// `a...b` becomes a range of integers, anything else a filter expression.
    init(_ token: String, filters: [String: FilterFunction]) throws {
        let parts = token.components(separatedBy: "...")
        if parts.count == 2 {
            self = .range(try FilterExpression(parts[0], filters: filters), try FilterExpression(parts[1], filters: filters))
        } else {
            self = .filter(try FilterExpression(token, filters: filters))
        }
    }

    /// The value in `context`.
    func resolve(_ context: RenderContext) throws -> TemplateValue {
        switch self {
        case .filter(let expression):
            return try expression.resolve(context)
        case .range(let from, let to):
            let lower = try Self.integer(from.resolve(context), bound: "from")
            let upper = try Self.integer(to.resolve(context), bound: "to")
            guard abs(upper - lower) <= 1_000_000 else {
                throw TemplateError(message: "range \(lower)...\(upper) is too large")
            }
            // Every number of the range is made: a step each, counted before making them.
            try context.meter.spend(steps: abs(upper - lower) + 1)
            let values = lower <= upper ? Array(lower...upper) : Array((upper...lower).reversed())
            return .array(values.map { .int($0) })
        }
    }

    private static func integer(_ value: TemplateValue, bound: String) throws -> Int {
        guard let number = value.number, number.isFinite, abs(number) < 1e15 else {
            throw TemplateError(message: "'\(bound)' value is not an Integer (\(value.isNull ? "nil" : value.rendered))")
        }
        return Int(number)
    }
}

extension String {
    /// Levenshtein distance, for "did you mean" suggestions.
    func editDistance(to other: String) -> Int {
        let source = Array(self)
        let target = Array(other)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var last = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 0..<source.count {
            current[0] = i + 1
            for j in 0..<target.count {
                current[j + 1] = Swift.min(last[j + 1] + 1, current[j] + 1, last[j] + (source[i] == target[j] ? 0 : 1))
            }
            swap(&last, &current)
        }
        return last[target.count]
    }
}
