/// Splits template text into text, `{{ variable }}`, `{% block %}` and `{# comment #}` tokens,
/// following Stencil's scanner (including its handling of unterminated tags: the rest of
/// the template is dropped).
struct Lexer {
    let templateName: String?
    let scalars: [Unicode.Scalar]
    /// Scalar index where each line starts.
    let lineStarts: [Int]

    init(templateName: String?, text: String) {
        self.templateName = templateName
        self.scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" {
            starts.append(index + 1)
        }
        self.lineStarts = starts
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
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
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
        // Point at the tag's contents when they can be found verbatim, else at the tag.
        var valueStart = start
        if !value.isEmpty, let range = text.range(of: value) {
            valueStart = start + text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound)
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

    /// Line, column (in characters) and line text of a scalar position.
    func location(at position: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts[low]
        var lineEnd = low + 1 < lineStarts.count ? lineStarts[low + 1] - 1 : scalars.count
        if lineEnd > lineStart && scalars[lineEnd - 1] == "\r" { lineEnd -= 1 }
        let clamped = min(max(position, lineStart), max(lineEnd, lineStart))
        let column = string(lineStart..<clamped).count + 1
        return SourceLocation(
            templateName: templateName, line: low + 1, column: column,
            lineText: string(lineStart..<max(lineEnd, lineStart)))
    }
}
