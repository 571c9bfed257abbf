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

    /// Adds one word, gluing filter syntax to the previous word and splitting brackets off its
    /// ends as separate words. Iterative: a word of 20,000 `(` overflowed the stack when each
    /// bracket took a recursive call (found by fuzzing).
    private static func appendWord(_ whole: String, to components: inout [String]) {
        let specialCharacters: Set<Character> = [",", "|", ":"]
        var word = Substring(whole)
        // Brackets peeled off the end, innermost last: they follow the rest of the word.
        var closing: [Substring] = []
        defer { components.append(contentsOf: closing.reversed().map(String.init)) }
        while true {
            guard let previous = components.last else {
                components.append(String(word))
                return
            }
            if let precedingChar = previous.last, specialCharacters.contains(precedingChar) {
                // A label (`outer:`) is followed by `for`, which must stay a word of its own.
                if components.count == 1 && word == "for" {
                    components.append(String(word))
                } else {
                    components[components.count - 1] += word
                }
                return
            } else if word.utf8.count <= 3 && ",|:".contains(String(word)) {  // no copy of long words
                components[components.count - 1] += word
                return
            } else if word != "(" && word.first == "(" || word != ")" && word.first == ")" {
                components.append(String(word.prefix(1)))
                word = word.dropFirst()
            } else if word != "(" && word.last == "(" || word != ")" && word.last == ")" {
                let last = word.index(before: word.endIndex)  // not dropLast(): it counts the word
                closing.append(word[last...])
                word = word[..<last]
            } else {
                components.append(String(word))
                return
            }
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
