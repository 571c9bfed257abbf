/// What a `-` or `+` next to `{%` / `%}` asks for.
enum WhitespaceMarker: Sendable, Equatable {
    /// No marker: the environment's ``TrimBehaviour`` applies.
    case unspecified
    /// `-`: trim all whitespace and newlines on that side.
    case trim
    /// `+`: keep whitespace on that side whatever the environment says.
    case keep
}

/// One lexed piece of a template.
struct Token: Sendable {
    enum Kind: Sendable, Equatable { case text, variable, comment, block }

    let kind: Kind
    /// Text as is for text tokens; the trimmed inside of a tag otherwise.
    let contents: String
    /// `contents` split Stencil's way (quotes kept together, `|`, `:` and `,` glued).
    let components: [String]
    let location: SourceLocation
    /// Only block tags carry markers.
    let leading: WhitespaceMarker?
    let trailing: WhitespaceMarker?

    /// The tag name of a block token (`for`, `endif`, ...), skipping a loop label.
    var tagName: String? { components.first }
}

extension String {
    /// Splits on `separator` outside quotes, then glues filter syntax back together
    /// the way Stencil's `smartSplit` does (`a | b : c , d` -> `a|b:c,d`).
    func smartSplit(separator: Character = " ") -> [String] {
        var word = ""
        var components: [String] = []
        var separate: Character = separator
        var singleQuoteCount = 0
        var doubleQuoteCount = 0

        for character in self {
            if character == "'" {
                singleQuoteCount += 1
            } else if character == "\"" {
                doubleQuoteCount += 1
            }
            if character == separate {
                if separate != separator {
                    word.append(separate)
                } else if (singleQuoteCount.isMultiple(of: 2) || doubleQuoteCount.isMultiple(of: 2)) && !word.isEmpty {
                    Self.appendWord(word, to: &components)
                    word = ""
                }
                separate = separator
            } else {
                if separate == separator && (character == "'" || character == "\"") {
                    separate = character
                }
                word.append(character)
            }
        }
        if !word.isEmpty {
            Self.appendWord(word, to: &components)
        }
        return components
    }

    private static func appendWord(_ word: String, to components: inout [String]) {
        let specialCharacters: Set<Character> = [",", "|", ":"]
        guard let previous = components.last else {
            components.append(word)
            return
        }
        if let precedingChar = previous.last, specialCharacters.contains(precedingChar) {
            // A label (`outer:`) is followed by `for`, which must stay a word of its own.
            if components.count == 1 && word == "for" {
                components.append(word)
            } else {
                components[components.count - 1] += word
            }
        } else if ",|:".contains(word) {
            components[components.count - 1] += word
        } else if word != "(" && word.first == "(" || word != ")" && word.first == ")" {
            components.append(String(word.prefix(1)))
            appendWord(String(word.dropFirst()), to: &components)
        } else if word != "(" && word.last == "(" || word != ")" && word.last == ")" {
            appendWord(String(word.dropLast()), to: &components)
            components.append(String(word.suffix(1)))
        } else {
            components.append(word)
        }
    }

    /// Stencil's space trimming, including its quirk: trailing spaces are kept when the
    /// only other character is the first one (`"a  "` stays as is).
    func stencilTrimSpaces() -> String {
        guard !isEmpty else { return self }
        let first = firstIndex(where: { $0 != " " }) ?? startIndex
        var last = endIndex
        var index = self.index(before: endIndex)
        var found = false
        while index != startIndex {
            if self[index] != " " {
                last = self.index(after: index)
                found = true
                break
            }
            index = self.index(before: index)
        }
        if !found { last = endIndex }
        guard first <= last else { return "" }
        return String(self[first..<last])
    }
}
