/// Parsers of StencilSwiftKit's tags, with its syntax rules and error messages
/// (SwiftGen/StencilSwiftKit `Sources/StencilSwiftKit/*Node*.swift`).
extension Parser {
    static let swiftKitTagParsers: [String: TagParser] = [
        "set": { try $0.parseSet($1) },
        "macro": { try $0.parseMacro($1) },
        "call": { try $0.parseCall($1) },
        "map": { try $0.parseMap($1) },
        "import": { try $0.parseImport($1) },
    ]

    private func parseSet(_ token: Token) throws -> any Node {
        let components = token.components
        guard components.count == 2 || components.count == 3 else {
            throw TemplateError(
                message: "'set' tag takes at least one argument (the name of the variable to set) "
                    + "and optionally the value expression.")
        }
        if components.count == 3 {
            return SetNode(name: components[1], content: .value(try resolvable(components[2])), location: token.location)
        }
        let nodes = try parse(until: ["endset"])
        guard nextToken() != nil else { throw TemplateError(message: "`endset` was not found.") }
        return SetNode(name: components[1], content: .nodes(nodes), location: token.location)
    }

    private func parseMacro(_ token: Token) throws -> any Node {
        let components = token.components
        guard components.count >= 2 else {
            throw TemplateError(message: "'macro' tag takes at least one argument, the name of the variable to set.")
        }
        let nodes = try parse(until: ["endmacro"])
        guard nextToken() != nil else { throw TemplateError(message: "`endmacro` was not found.") }
        return MacroNode(
            name: components[1], macro: Macro(parameters: Array(components.dropFirst(2)), nodes: nodes),
            location: token.location)
    }

    private func parseCall(_ token: Token) throws -> any Node {
        let components = token.components
        guard components.count >= 2 else {
            throw TemplateError(message: "'call' tag takes at least one argument, the name of the block to call.")
        }
        let arguments = try components.dropFirst(2).map { try resolvable($0) }
        return CallNode(name: components[1], arguments: arguments, location: token.location)
    }

    private func parseMap(_ token: Token) throws -> any Node {
        let components = token.components
        func has(_ word: String, at index: Int) -> Bool {
            components.count > index + 1 && components[index] == word
        }
        guard has("into", at: 2) && (components.count == 4 || has("using", at: 4)) else {
            throw TemplateError(
                message: "'map' statements should use the following 'map {array} into {varname} [using {element}]'.")
        }
        let sequence = try resolvable(components[1])
        let nodes = try parse(until: ["endmap", "empty"])
        guard let end = nextToken() else { throw TemplateError(message: "`endmap` was not found.") }
        // StencilSwiftKit skips exactly one token after `empty` (normally `endmap`).
        if end.contents == "empty" { _ = nextToken() }
        return MapNode(
            sequence: sequence, resultName: components[3], itemName: has("using", at: 4) ? components[5] : nil,
            nodes: nodes, location: token.location)
    }

    private func parseImport(_ token: Token) throws -> any Node {
        let components = token.components
        guard components.count == 2 else {
            throw TemplateError(message: "'import' tag requires one argument, the template file to be imported.")
        }
        return ImportNode(templateName: Variable(components[1]), location: token.location)
    }
}
