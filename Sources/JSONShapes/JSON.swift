public import TeamflowCore

/// A JSON value with ordered object keys, so `--json` output is stable byte for byte.
///
/// Shared by every front-end that prints the CLI's `--json` shapes (the command line and the
/// web board's API), so a script reads the same document from either.
public enum JSON: Sendable {
    case string(String)
    case int(Int)
    /// A fraction (chart averages and ideal lines); not finite writes `null`.
    case number(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    public static func optional(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }

    /// An id, as the text events store.
    public static func id<Entity>(_ id: EntityID<Entity>) -> JSON { .string(id.rawValue) }

    /// An id or `null`.
    public static func optional<Entity>(_ id: EntityID<Entity>?) -> JSON { optional(id?.rawValue) }

    /// The version of the `--json` shapes (docs/JSON.md). Adding a key is not a new version
    /// (readers ignore keys they do not know); removing or renaming one, or changing what a
    /// value means or its type, is.
    public static let schemaVersion = 1

    /// The value as a command prints it: a top-level object gets `"schema"` as its first key.
    /// Lists stay bare arrays (SPEC section 4 fixes them; `teamflow --version --json` names the
    /// version they follow), and objects inside a value are left alone: the version is the
    /// document's, not each entity's.
    public var document: JSON {
        guard case .object(let pairs) = self else { return self }
        return .object([("schema", .int(JSON.schemaVersion))] + pairs.filter { $0.0 != "schema" })
    }

    /// Compact when `pretty` is false; two-space indentation otherwise. Non-ASCII is kept as is.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? "" : nil)
        return out
    }

    private func write(into out: inout String, indent: String?) {
        let inner = indent.map { $0 + "  " }
        let newline = indent == nil ? "" : "\n"
        let colon = indent == nil ? ":" : ": "
        switch self {
        case .string(let s): JSON.escape(s, into: &out)
        case .int(let i): out += String(i)
        // Swift's shortest round-trip form (`2.5`, `3.0`): locale-free and deterministic.
        case .number(let d): out += d.isFinite ? String(d) : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += inner ?? ""
                item.write(into: &out, indent: inner)
                out += (index + 1 < items.count ? "," : "") + newline
            }
            out += (indent ?? "") + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { out += "{}"; return }
            out += "{" + newline
            for (index, (key, value)) in pairs.enumerated() {
                out += inner ?? ""
                JSON.escape(key, into: &out)
                out += colon
                value.write(into: &out, indent: inner)
                out += (index + 1 < pairs.count ? "," : "") + newline
            }
            out += (indent ?? "") + "}"
        }
    }

    /// Appends `s` as a JSON string literal. Runs of bytes that need no escape are copied
    /// whole (a board's document is mostly such runs); quotes, backslashes, control
    /// characters and U+2028/U+2029 (which end a line in JavaScript) are escaped.
    private static func escape(_ s: String, into out: inout String) {
        out += "\""
        let utf8 = s.utf8
        var run = utf8.startIndex
        var index = run
        while index != utf8.endIndex {
            let byte = utf8[index]
            var width = 1
            let escaped: String?
            switch byte {
            case 0x22: escaped = "\\\""
            case 0x5C: escaped = "\\\\"
            case 0x0A: escaped = "\\n"
            case 0x0D: escaped = "\\r"
            case 0x09: escaped = "\\t"
            case 0x00..<0x20:
                let hex = String(byte, radix: 16)
                escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                let second = utf8.index(after: index)
                let third = second == utf8.endIndex ? second : utf8.index(after: second)
                if third != utf8.endIndex, utf8[second] == 0x80, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                    escaped = utf8[third] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                } else {
                    escaped = nil
                }
            default: escaped = nil
            }
            guard let escaped else {
                index = utf8.index(after: index)
                continue
            }
            out += s[run..<index]
            out += escaped
            index = utf8.index(index, offsetBy: width)
            run = index
        }
        out += s[run..<utf8.endIndex]
        out += "\""
    }
}
