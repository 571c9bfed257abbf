/// Writes `Node` trees as block-style YAML with a 2-space indent.
///
/// Written in Swift rather than on libyaml's emitter because libyaml 0.2.5 escapes every
/// character outside the BMP (emoji become `\U0001F600`) even in unicode mode, and because
/// owning the style decision is what makes every string round-trip (see `ScalarStyleChooser`).
struct Emitter {
    private(set) var output = ""

    /// Simple keys longer than this are written as explicit `? key` entries (readers cap at 1024).
    private static let maxSimpleKeyLength = 1000

    private enum Position {
        /// At the start of a document.
        case root
        /// Right after `key:`; the key sits at `indent`.
        case mappingValue
        /// Right after `- ` or `? ` written at column `indent`.
        case entry
    }

    mutating func startDocument() {
        output += "---\n"
    }

    mutating func document(_ node: Node) {
        write(node, indent: 0, at: .root)
    }

    private mutating func write(_ node: Node, indent: Int, at position: Position) {
        switch node {
        case .scalar(let scalar):
            if position == .mappingValue { output += " " }
            writeScalar(scalar, contentIndent: position == .root ? 2 : indent + 2, isKey: false)
            output += "\n"
        case .mapping(let mapping) where mapping.pairs.isEmpty:
            output += position == .mappingValue ? " {}\n" : "{}\n"
        case .sequence(let sequence) where sequence.items.isEmpty:
            output += position == .mappingValue ? " []\n" : "[]\n"
        case .mapping(let mapping):
            let (inner, inline) = layout(indent: indent, at: position)
            for (i, pair) in mapping.pairs.enumerated() {
                if i > 0 || !inline { pad(inner) }
                writePair(key: pair.key, value: pair.value, indent: inner)
            }
        case .sequence(let sequence):
            let (inner, inline) = layout(indent: indent, at: position)
            for (i, item) in sequence.items.enumerated() {
                if i > 0 || !inline { pad(inner) }
                output += "- "
                write(item, indent: inner, at: .entry)
            }
        }
    }

    /// Where a collection's entries go: its indent, and whether the first entry continues
    /// the current line (after `- ` or `? `).
    private mutating func layout(indent: Int, at position: Position) -> (Int, Bool) {
        switch position {
        case .root: return (0, false)
        case .mappingValue:
            output += "\n"
            return (indent + 2, false)
        case .entry: return (indent + 2, true)
        }
    }

    mutating func writePair(key: Node, value: Node, indent: Int) {
        writeKey(key, indent: indent)
        write(value, indent: indent, at: .mappingValue)
    }

    /// `key:`, or `? key` then `:` on the next line when the key is too long to be simple.
    mutating func writeKey(_ key: Node, indent: Int) {
        if case .scalar(let scalar) = key {
            // Written in place (every key of every document comes here), and taken back in
            // the rare case it is too long.
            let start = output.utf8.count
            writeScalar(scalar, contentIndent: indent + 2, isKey: true)
            if output.utf8.count - start <= Self.maxSimpleKeyLength {
                output += ":"
                return
            }
            // Too long for a simple key: an explicit `? key` entry.
            output = String(decoding: output.utf8.prefix(start), as: UTF8.self)
        }
        output += "? "
        write(key, indent: indent, at: .entry)
        pad(indent)
        output += ":"
    }

    /// `- item` at `indent` in a block sequence.
    mutating func writeItem(_ item: Node, indent: Int) {
        pad(indent)
        output += "- "
        write(item, indent: indent, at: .entry)
    }

    mutating func newline() {
        output += "\n"
    }

    mutating func pad(_ indent: Int) {
        output += indent < Self.spaces.count ? Self.spaces[indent] : String(repeating: " ", count: indent)
    }

    /// Indents made once, not a string per line.
    private static let spaces = (0..<24).map { String(repeating: " ", count: $0) }

    // MARK: Scalars

    private mutating func writeScalar(_ scalar: Node.Scalar, contentIndent: Int, isKey: Bool) {
        switch scalar.resolved {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .int(let i?, _): output += String(i)
        case .int(nil, let text): output += text
        case .float(let d): output += Self.isPortableFloat(scalar.string) ? scalar.string : ScalarFormat.float(d)
        case .string(let text): writeString(text, contentIndent: contentIndent, isKey: isKey)
        case .other(let tag, let text):
            if let shorthand = Self.tagShorthand(tag) { output += shorthand + " " }
            writeString(text, contentIndent: contentIndent, isKey: isKey)
        }
    }

    private mutating func writeString(_ text: String, contentIndent: Int, isKey: Bool) {
        switch ScalarStyleChooser.choose(text, isKey: isKey) {
        case .plain: output += text
        case .singleQuoted:
            output += "'"
            output += text.unicodeScalars.contains("'") ? text.replacingAll("'", with: "''") : text
            output += "'"
        case .doubleQuoted: writeDoubleQuoted(text)
        case .literal(let chomping): writeLiteral(text, chomping: chomping, indent: contentIndent)
        }
    }

    private mutating func writeLiteral(_ text: String, chomping: String, indent: Int) {
        output += "|" + chomping
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        let margin = String(repeating: " ", count: indent)
        // Line by line at each "\n" byte (literal text has no "\r", so these are Character
        // boundaries too); empty lines get no margin.
        var start = body.startIndex
        while true {
            let end = body.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
            output += "\n"
            if start < end {
                output += margin
                output += body[start..<end]
            }
            guard end < body.endIndex else { break }
            start = body.utf8.index(after: end)
        }
        // The caller ends the last line; with "+" the kept breaks are the empty lines above.
    }

    private mutating func writeDoubleQuoted(_ text: String) {
        output += "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\0": output += "\\0"
            case "\u{07}": output += "\\a"
            case "\u{08}": output += "\\b"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\u{0B}": output += "\\v"
            case "\u{0C}": output += "\\f"
            case "\r": output += "\\r"
            case "\u{1B}": output += "\\e"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            default:
                if ScalarStyleChooser.isPrintable(u) {
                    output.unicodeScalars.append(u)
                } else {
                    output += Self.hexEscape(u)
                }
            }
        }
        output += "\""
    }

    private static func hexEscape(_ u: Unicode.Scalar) -> String {
        let (prefix, width) = u.value < 0x100 ? ("\\x", 2) : u.value < 0x10000 ? ("\\u", 4) : ("\\U", 8)
        let hex = String(u.value, radix: 16, uppercase: true)
        return prefix + String(repeating: "0", count: max(0, width - hex.count)) + hex
    }

    /// Floats PyYAML (YAML 1.1) also reads as floats: a dotted mantissa, a signed exponent.
    static func isPortableFloat(_ text: String) -> Bool {
        var u = Substring(text).utf8[...]
        if let f = u.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") { u = u.dropFirst() }
        let intDigits = u.prefix { CoreSchema.isDigit($0, radix: 10) }
        guard !intDigits.isEmpty else { return false }
        u = u.dropFirst(intDigits.count)
        guard u.first == UInt8(ascii: ".") else { return false }
        u = u.dropFirst().drop { CoreSchema.isDigit($0, radix: 10) }
        guard let e = u.first else { return true }
        guard e == UInt8(ascii: "e") || e == UInt8(ascii: "E") else { return false }
        u = u.dropFirst()
        guard let sign = u.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") else { return false }
        u = u.dropFirst()
        return !u.isEmpty && u.allSatisfy { CoreSchema.isDigit($0, radix: 10) }
    }

    /// `!!name` for core tags, `!name` for simple local tags, `!<uri>` otherwise; nil if unwritable.
    /// libyaml decodes `%XX` in tags and stops at `#`, so both are escaped; a shorthand may not
    /// hold `,` (nor `!` after a local tag's first: `!a!b` names a handle) or be empty (`!!`):
    /// those take the `!<uri>` form. Found by fuzzing: `!#`, `!a!b`, `!a,b`, `!!` did not read back.
    static func tagShorthand(_ tag: String) -> String? {
        let safe = tag.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:/!;,?@&=+$~%#".unicodeScalars.contains($0))
        }
        guard safe, !tag.isEmpty else { return nil }
        let core = tag.hasPrefix(CoreTag.prefix) ? tag.dropFirst(CoreTag.prefix.count) : nil
        if let core, !core.isEmpty, !core.contains(",") { return "!!" + escapedTag(core) }
        let local = tag.dropFirst()
        if tag.hasPrefix("!"), !local.isEmpty, !local.contains("!"), !local.contains(",") { return "!" + escapedTag(local) }
        return "!<" + escapedTag(tag[...]) + ">"
    }

    private static func escapedTag(_ text: Substring) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "%": out += "%25"
            case "#": out += "%23"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

extension String {
    /// Replaces every occurrence of the scalar `target` (Foundation-free; scalar-wise so a
    /// combining mark after a quote cannot hide it).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for u in unicodeScalars {
            if u == target { result += replacement } else { result.unicodeScalars.append(u) }
        }
        return result
    }
}
