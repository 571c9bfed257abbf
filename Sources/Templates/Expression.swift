import Foundation

/// A boolean expression of `if`, `elif`, `for ... where` and `{{ a == b }}`.
indirect enum Expression: Sendable {
    case variable(Resolvable)
    case not(Expression)
    case and(Expression, Expression)
    case or(Expression, Expression)
    case inside(Expression, Expression)
    case equal(Expression, Expression)
    case notEqual(Expression, Expression)
    case compare(Comparison, Expression, Expression)

    enum Comparison: Sendable { case less, lessOrEqual, greater, greaterOrEqual }

    func evaluate(_ context: RenderContext) throws -> Bool {
        switch self {
        case .variable(let resolvable):
            return try resolvable.resolve(context).isTruthy
        case .not(let expression):
            return try !expression.evaluate(context)
        case .and(let lhs, let rhs):
            return try lhs.evaluate(context) && rhs.evaluate(context)
        case .or(let lhs, let rhs):
            return try lhs.evaluate(context) || rhs.evaluate(context)
        case .inside(let lhs, let rhs):
            // Like Stencil, the operators only compare plain operands, never sub-expressions.
            guard let (left, right) = try Self.operands(lhs, rhs, context) else { return false }
            try context.meter.spend(steps: BudgetMeter.readingSteps(right))
            return Self.contains(right, left)
        case .equal(let lhs, let rhs):
            guard let (left, right) = try Self.operands(lhs, rhs, context) else { return false }
            return Self.equal(left, right)
        case .notEqual(let lhs, let rhs):
            guard let (left, right) = try Self.operands(lhs, rhs, context) else { return true }
            return !Self.equal(left, right)
        case .compare(let comparison, let lhs, let rhs):
            guard let (left, right) = try Self.operands(lhs, rhs, context),
                let a = left.number, let b = right.number
            else { return false }
            switch comparison {
            case .less: return a < b
            case .lessOrEqual: return a <= b
            case .greater: return a > b
            case .greaterOrEqual: return a >= b
            }
        }
    }

    private static func operands(
        _ lhs: Expression, _ rhs: Expression, _ context: RenderContext
    ) throws -> (TemplateValue, TemplateValue)? {
        guard case .variable(let left) = lhs, case .variable(let right) = rhs else { return nil }
        return (try left.resolve(context), try right.resolve(context))
    }

    /// Stencil's `==`: numbers by value (1 == 1.0), strings, booleans, and nil == nil.
    static func equal(_ lhs: TemplateValue, _ rhs: TemplateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.string(let a), .string(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        default:
            if let a = lhs.number, let b = rhs.number { return a == b }
            return false
        }
    }

    /// Stencil's `in`: an element of an array of plain values, a substring, or nil in nil.
    static func contains(_ container: TemplateValue, _ element: TemplateValue) -> Bool {
        switch (element, container) {
        case (.null, .null):
            return true
        case (.string(let needle), .string(let haystack)):
            return haystack.contains(needle)
        case (_, .array(let items)):
            guard items.allSatisfy(\.isHashableScalar), element.isHashableScalar else { return false }
            return items.contains(element)
        default:
            return false
        }
    }
}

extension TemplateValue {
    /// Values Swift would treat as `AnyHashable` in Stencil's `in` operator.
    var isHashableScalar: Bool {
        switch self {
        case .string, .int, .double, .bool: return true
        default: return false
        }
    }
}
