/// Parsers of the built-in block tags, with Stencil's syntax rules and error cases.
extension Parser {
    typealias TagParser = @Sendable (Parser, Token) throws -> any Node

    /// Stencil's tags and StencilSwiftKit's (`SwiftKitTagParsers.swift`).
    static let tagParsers: [String: TagParser] = builtinTagParsers.merging(swiftKitTagParsers) { builtin, _ in builtin }

    private static let builtinTagParsers: [String: TagParser] = [
        "for": { try $0.parseFor($1) },
        "break": { try $0.parseLoopTermination($1) },
        "continue": { try $0.parseLoopTermination($1) },
        "if": { try $0.parseIf($1) },
        "ifnot": { try $0.parseIfNot($1) },
        "include": { try $0.parseInclude($1) },
        "extends": { try $0.parseExtends($1) },
        "block": { try $0.parseBlock($1) },
        "filter": { try $0.parseFilter($1) },
    ]

    private func parseFor(_ token: Token) throws -> any Node {
        var components = token.components
        var label: String?
        if let first = components.first, first.hasSuffix(":") {
            label = String(components.removeFirst().dropLast())
        }
        func has(_ word: String, at index: Int) -> Bool {
            components.count > index + 1 && components[index] == word
        }
        guard has("in", at: 2) && (components.count == 4 || has("where", at: 4)) else {
            throw TemplateError(message: "'for' statements should use the syntax: `for <x> in <y> [where <condition>]`")
        }
        let loopVariables = components[1].split(separator: ",").map { String($0).stencilTrimSpaces() }
        let sequence = try resolvable(components[3])
        let condition = has("where", at: 4) ? try expression(Array(components.dropFirst(5))) : nil

        let body = try parse(until: ["endfor", "empty"])
        guard let end = nextToken() else {
            throw TemplateError(message: "`endfor` was not found")
        }
        var emptyNodes: [any Node] = []
        if end.contents == "empty" {
            emptyNodes = try parse(until: ["endfor"])
            _ = nextToken()
        }
        return ForNode(
            sequence: sequence, loopVariables: loopVariables, nodes: body, emptyNodes: emptyNodes,
            condition: condition, label: label, location: token.location)
    }

    private func parseLoopTermination(_ token: Token) throws -> any Node {
        let components = token.components
        let name = components[0]
        guard components.count <= 2 else {
            throw TemplateError(message: "'\(token.contents)' can accept only one parameter")
        }
        guard openForCount > 0 else {
            throw TemplateError(message: "'\(name)' can be used only inside loop body")
        }
        return LoopTerminationNode(
            isBreak: name == "break", label: components.count == 2 ? components[1] : nil, location: token.location)
    }

    private func parseIf(_ token: Token) throws -> any Node {
        var branches = [
            IfNode.Branch(
                condition: try expression(Array(token.components.dropFirst())),
                nodes: try parse(until: ["endif", "elif", "else"]))
        ]
        var next = nextToken()
        while let current = next, current.contents.hasPrefix("elif") {
            let condition: Expression
            do {
                condition = try expression(Array(current.components.dropFirst()))
            } catch {
                throw located(error, current)
            }
            branches.append(IfNode.Branch(condition: condition, nodes: try parse(until: ["endif", "elif", "else"])))
            next = nextToken()
        }
        if let current = next, current.contents == "else" {
            branches.append(IfNode.Branch(condition: nil, nodes: try parse(until: ["endif"])))
            next = nextToken()
        }
        guard let current = next, current.contents == "endif" else {
            throw TemplateError(message: "`endif` was not found")
        }
        return IfNode(branches: branches, location: token.location)
    }

    private func parseIfNot(_ token: Token) throws -> any Node {
        guard token.components.count == 2 else {
            throw TemplateError(message: "'ifnot' statements should use the following syntax 'ifnot condition'")
        }
        let condition = try expression(Array(token.components.dropFirst()))
        let falseNodes = try parse(until: ["endif", "else"])
        guard let next = nextToken() else {
            throw TemplateError(message: "`endif` was not found")
        }
        var trueNodes: [any Node] = []
        if next.contents == "else" {
            trueNodes = try parse(until: ["endif"])
            _ = nextToken()
        }
        return IfNode(
            branches: [
                IfNode.Branch(condition: condition, nodes: trueNodes),
                IfNode.Branch(condition: nil, nodes: falseNodes),
            ], location: token.location)
    }

    private func parseInclude(_ token: Token) throws -> any Node {
        let bits = token.components
        guard bits.count == 2 || bits.count == 3 else {
            throw TemplateError(
                message: "'include' tag requires one argument, the template file to be included, "
                    + "and optionally the context variable passed to it")
        }
        return IncludeNode(
            templateName: Variable(bits[1]), contextName: bits.count == 3 ? bits[2] : nil, location: token.location)
    }

    private func parseExtends(_ token: Token) throws -> any Node {
        let bits = token.components
        guard bits.count == 2 else {
            throw TemplateError(message: "'extends' takes one argument, the template file to be extended")
        }
        let nodes = try parse()
        guard !nodes.contains(where: { $0 is ExtendsNode }) else {
            throw TemplateError(message: "'extends' cannot appear more than once in the same template")
        }
        var blocks: [String: BlockNode] = [:]
        for case let block as BlockNode in nodes { blocks[block.name] = block }
        return ExtendsNode(templateName: Variable(bits[1]), blocks: blocks, location: token.location)
    }

    private func parseBlock(_ token: Token) throws -> any Node {
        let bits = token.components
        guard bits.count == 2 else {
            throw TemplateError(message: "'block' tag takes one argument, the block name")
        }
        let nodes = try parse(until: ["endblock"])
        _ = nextToken()
        return BlockNode(name: bits[1], nodes: nodes, location: token.location)
    }

    private func parseFilter(_ token: Token) throws -> any Node {
        let bits = token.components
        guard bits.count == 2 else {
            throw TemplateError(message: "'filter' tag takes one argument, the filter expression")
        }
        let nodes = try parse(until: ["endfilter"])
        guard nextToken() != nil else {
            throw TemplateError(message: "`endfilter` was not found")
        }
        return FilterNode(expression: try filterExpression("filter_value|" + bits[1]), nodes: nodes, location: token.location)
    }
}
