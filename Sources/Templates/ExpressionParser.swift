/// Parses the words of an `if` condition into an ``Expression`` with Stencil's binding
/// powers: `in` 5, `or` 6, `and` 7, `not` 8, comparisons 10; parentheses group.
struct ExpressionParser {
    private enum Item {
        case infix(String, Int)
        case prefix(String, Int)
        case operand(Expression)
        case end

        var bindingPower: Int {
            switch self {
            case .infix(_, let power), .prefix(_, let power): return power
            case .operand, .end: return 0
            }
        }
    }

    private let items: [Item]
    private var position = 0

    /// Compiles `components` (the tag's words after the tag name).
    static func parse(_ components: [String], filters: [String: FilterFunction]) throws -> Expression {
        // Every word can open a recursion level (`not`, `(`); bound them all at once.
        guard components.count <= 256 else {
            throw TemplateError(message: "'if' expression error: expression too long")
        }
        var parser = try ExpressionParser(components[...], filters: filters)
        return try parser.parseAll()
    }

    private init(_ components: ArraySlice<String>, filters: [String: FilterFunction]) throws {
        var items: [Item] = []
        var index = components.startIndex
        while index < components.endIndex {
            let component = components[index]
            switch component {
            case "(":
                var balance = 1
                var end = index + 1
                while end < components.endIndex {
                    if components[end] == "(" { balance += 1 }
                    if components[end] == ")" { balance -= 1 }
                    if balance == 0 { break }
                    end += 1
                }
                guard balance == 0 else {
                    throw TemplateError(message: "'if' expression error: missing closing bracket")
                }
                var inner = try ExpressionParser(components[(index + 1)..<end], filters: filters)
                items.append(.operand(try inner.parseAll()))
                index = end + 1
                continue
            case ")":
                throw TemplateError(message: "'if' expression error: missing opening bracket")
            case "in": items.append(.infix(component, 5))
            case "or": items.append(.infix(component, 6))
            case "and": items.append(.infix(component, 7))
            case "not": items.append(.prefix(component, 8))
            case "==", "!=", ">", ">=", "<", "<=": items.append(.infix(component, 10))
            default: items.append(.operand(.variable(try Resolvable(component, filters: filters))))
            }
            index += 1
        }
        self.items = items
    }

    private var current: Item { position < items.count ? items[position] : .end }

    private mutating func parseAll() throws -> Expression {
        let expression = try parseExpression(bindingPower: 0)
        guard case .end = current else {
            throw TemplateError(message: "'if' expression error: dangling token")
        }
        return expression
    }

    private mutating func parseExpression(bindingPower: Int) throws -> Expression {
        let token = current
        position += 1
        var left: Expression
        switch token {
        case .infix(let name, _):
            throw TemplateError(message: "'if' expression error: infix operator '\(name)' doesn't have a left hand side")
        case .prefix(_, let power):
            left = .not(try parseExpression(bindingPower: power))
        case .operand(let expression):
            left = expression
        case .end:
            throw TemplateError(message: "'if' expression error: missing expression")
        }
        while bindingPower < current.bindingPower {
            let next = current
            position += 1
            switch next {
            case .infix(let name, let power):
                let right = try parseExpression(bindingPower: power)
                left = Self.combine(name, left, right)
            case .prefix(let name, _):
                throw TemplateError(message: "'if' expression error: prefix operator '\(name)' was called with a left hand side")
            case .operand, .end:
                throw TemplateError(message: "'if' expression error: dangling token")
            }
        }
        return left
    }

    private static func combine(_ name: String, _ left: Expression, _ right: Expression) -> Expression {
        switch name {
        case "in": return .inside(left, right)
        case "or": return .or(left, right)
        case "and": return .and(left, right)
        case "==": return .equal(left, right)
        case "!=": return .notEqual(left, right)
        case "<": return .compare(.less, left, right)
        case "<=": return .compare(.lessOrEqual, left, right)
        case ">": return .compare(.greater, left, right)
        default: return .compare(.greaterOrEqual, left, right)
        }
    }
}
