/// Turns tokens into nodes, applying whitespace trimming to text and dispatching block
/// tags to their parsers (see `TagParsers.swift`).
final class Parser {
    private let tokens: [Token]
    private var index = 0
    let filters: [String: FilterFunction]
    private let trimBehaviour: TrimBehaviour
    /// The trailing marker of the last block tag, nil after a variable or comment.
    private var previousWhitespace: WhitespaceMarker?
    /// Open `for` tags, so `break`/`continue` outside a loop are syntax errors.
    private(set) var openForCount = 0
    /// Nesting of block tags; deep nesting is refused instead of exhausting the stack.
    private var depth = 0
    static let maximumDepth = 200

    init(tokens: [Token], filters: [String: FilterFunction], trimBehaviour: TrimBehaviour) {
        self.tokens = tokens
        self.filters = filters
        self.trimBehaviour = trimBehaviour
    }

    /// Parses until the end or until a block tag named in `until` (which is left unread).
    func parse(until: Set<String>? = nil) throws -> [any Node] {
        guard depth < Self.maximumDepth else {
            throw TemplateError(message: "tags nested more than \(Self.maximumDepth) levels deep")
        }
        depth += 1
        defer { depth -= 1 }
        var nodes: [any Node] = []
        while let token = nextToken() {
            switch token.kind {
            case .text:
                nodes.append(TextNode(text: trimmed(token.contents), location: token.location))
            case .variable:
                previousWhitespace = nil
                do {
                    nodes.append(try parseVariable(token))
                } catch {
                    throw located(error, token)
                }
            case .comment:
                previousWhitespace = nil
            case .block:
                previousWhitespace = token.trailing
                if let until, let name = token.tagName, until.contains(name) {
                    prependToken()
                    return nodes
                }
                guard var tag = token.components.first else { continue }
                // A labeled loop: `outer: for ...`.
                if tag.hasSuffix(":") && token.components.count >= 2 {
                    tag = token.components[1]
                }
                do {
                    guard let parser = Self.tagParsers[tag] else {
                        throw TemplateError(message: "unknown tag '\(tag)'")
                    }
                    nodes.append(try parser(self, token))
                } catch {
                    throw located(error, token)
                }
            }
        }
        return nodes
    }

    /// Consumes the next token.
    func nextToken() -> Token? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        index += 1
        countLoops(token, by: 1)
        return token
    }

    /// Puts the last consumed token back.
    private func prependToken() {
        guard index > 0 else { return }
        index -= 1
        countLoops(tokens[index], by: -1)
    }

    private func countLoops(_ token: Token, by step: Int) {
        guard token.kind == .block else { return }
        if token.tagName == "for" { openForCount += step }
        if token.tagName == "endfor" { openForCount -= step }
    }

    /// Text trimmed as the neighbouring block tags and the environment ask.
    private func trimmed(_ text: String) -> String {
        var result = text
        if let previous = previousWhitespace {
            result = trim(for: previous, environment: trimBehaviour.afterTag).trimStart(result)
        }
        if index < tokens.count, let next = tokens[index].leading {
            result = trim(for: next, environment: trimBehaviour.beforeTag).trimEnd(result)
        }
        return result
    }

    private func trim(for marker: WhitespaceMarker, environment: TextTrim) -> TextTrim {
        switch marker {
        case .unspecified: return environment
        case .trim: return .whitespaceAndNewlines
        case .keep: return .nothing
        }
    }

    /// An error placed at `token`; an unknown filter points at the filter's name.
    func located(_ error: any Error, _ token: Token) -> TemplateError {
        if let unknown = error as? UnknownFilterError {
            var location = token.location
            if let range = token.contents.range(of: unknown.name), !unknown.name.isEmpty {
                location = location.shifted(by: token.contents.distance(from: token.contents.startIndex, to: range.lowerBound))
            }
            return TemplateError(message: unknown.message).located(at: location)
        }
        return templateError(error, at: token.location)
    }

    // MARK: - Compiling pieces of tags

    func resolvable(_ text: String) throws -> Resolvable {
        try Resolvable(text, filters: filters)
    }

    func filterExpression(_ text: String) throws -> FilterExpression {
        try FilterExpression(text, filters: filters)
    }

    func expression(_ components: [String]) throws -> Expression {
        try ExpressionParser.parse(components, filters: filters)
    }

    private func parseVariable(_ token: Token) throws -> any Node {
        let components = token.components
        guard let first = components.first else {
            throw TemplateError(message: "missing variable name")
        }
        if components.count > 2 && components[1] == "if" {
            let rest = Array(components.dropFirst(2))
            if let elseIndex = rest.firstIndex(of: "else") {
                let condition = try expression(Array(rest[..<elseIndex]))
                let otherwise = try resolvable(rest[(elseIndex + 1)...].joined(separator: " "))
                return VariableNode(
                    content: .conditional(try resolvable(first), condition: condition, otherwise: otherwise),
                    location: token.location)
            }
            return VariableNode(
                content: .conditional(try resolvable(first), condition: try expression(rest), otherwise: nil),
                location: token.location)
        }
        if components.count > 1 {
            return VariableNode(content: .expression(try expression(components)), location: token.location)
        }
        return VariableNode(content: .value(try resolvable(first)), location: token.location)
    }
}
