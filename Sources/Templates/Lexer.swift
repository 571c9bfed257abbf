/// Splits template text into text, `{{ variable }}`, `{% block %}` and `{# comment #}` tokens,
/// following Stencil's scanner (including its handling of unterminated tags: the rest of
/// the template is dropped).
struct Lexer {
    let source: TemplateSource
    var scalars: [Unicode.Scalar] { source.scalars }

    init(templateName: String?, text: String) {
        self.source = TemplateSource(name: templateName, scalars: Array(text.unicodeScalars))
    }

    func tokenize() -> [Token] {
        var tokens: [Token] = []
        var position = 0
        let count = scalars.count
        while position < count {
            guard let start = findTokenStart(from: position) else {
                tokens.append(makeToken(from: position, to: count))
                break
            }
            if start > position {
                tokens.append(makeToken(from: position, to: start))
            }
            let endChar: Unicode.Scalar = scalars[start + 1] == "{" ? "}" : scalars[start + 1]
            guard let end = findTokenEnd(from: start, endChar: endChar) else {
                // Stencil emits an empty text token and drops the unterminated rest.
                tokens.append(textToken("", at: start))
                break
            }
            tokens.append(makeToken(from: start, to: end))
            position = end
        }
        return tokens
    }

    /// Index of the `{` that opens `{{`, `{%` or `{#`.
    private func findTokenStart(from position: Int) -> Int? {
        var foundBrace = false
        var index = position
        while index < scalars.count {
            let scalar = scalars[index]
            if foundBrace && (scalar == "{" || scalar == "%" || scalar == "#") {
                return index - 1
            }
            foundBrace = scalar == "{"
            index += 1
        }
        return nil
    }

    /// One past the `}` that closes the tag (`endChar` then `}`), scanning from its start.
    private func findTokenEnd(from start: Int, endChar: Unicode.Scalar) -> Int? {
        var foundChar = false
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if foundChar && scalar == "}" {
                return index + 1
            }
            foundChar = scalar == endChar
            index += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        source.string(range)
    }

    private func textToken(_ text: String, at position: Int) -> Token {
        Token(
            kind: .text, contents: text, components: [], location: location(at: position),
            leading: nil, trailing: nil)
    }

    private func makeToken(from start: Int, to end: Int) -> Token {
        let text = string(start..<end)
        let isTag = end - start >= 2 && scalars[start] == "{"
            && (scalars[start + 1] == "{" || scalars[start + 1] == "%" || scalars[start + 1] == "#")
        guard isTag else { return textToken(text, at: start) }

        let characters = Array(text)
        var leading: WhitespaceMarker = .unspecified
        var trailing: WhitespaceMarker = .unspecified
        let isBlock = scalars[start + 1] == "%"
        if isBlock {
            leading = characters.count > 2 ? Self.marker(characters[2]) : .unspecified
            trailing = characters.count >= 3 ? Self.marker(characters[characters.count - 3]) : .unspecified
        }
        let dropLeading = 2 + (leading != .unspecified ? 1 : 0)
        let dropTrailing = 2 + (trailing != .unspecified ? 1 : 0)
        var value = ""
        if characters.count > dropLeading + dropTrailing {
            value = String(characters[dropLeading..<(characters.count - dropTrailing)])
                .split(separator: "\n", omittingEmptySubsequences: true)
                .map { String($0).stencilTrimSpaces() }
                .joined(separator: " ")
        }
        // Point at the tag's contents when they sit on one line, else at the tag.
        var valueStart = start
        if !value.isEmpty, !scalars[start..<end].contains("\n") {
            var index = start + dropLeading
            while index < end, scalars[index] == " " { index += 1 }
            valueStart = index
        }
        let kind: Token.Kind
        switch scalars[start + 1] {
        case "{": kind = .variable
        case "%": kind = .block
        default: kind = .comment
        }
        return Token(
            kind: kind, contents: value,
            components: kind == .comment ? [] : value.smartSplit(),
            location: location(at: valueStart),
            leading: isBlock ? leading : nil, trailing: isBlock ? trailing : nil)
    }

    private static func marker(_ character: Character) -> WhitespaceMarker {
        switch character {
        case "-": return .trim
        case "+": return .keep
        default: return .unspecified
        }
    }

    func location(at position: Int) -> SourceLocation {
        SourceLocation(source: source, position: position)
    }
}
