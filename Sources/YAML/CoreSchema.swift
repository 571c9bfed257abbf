/// The value a scalar stands for under the YAML 1.2 core schema.
///
/// Used for typed views, semantic equality and the emitter's choice of output.
enum ResolvedScalar: Equatable {
    case null
    case bool(Bool)
    /// An integer; `nil` when it does not fit `Int` (then `text` identifies it).
    case int(Int?, text: String)
    case float(Double)
    case string(String)
    /// A scalar with an application tag we do not interpret.
    case other(tag: String, text: String)

    static func == (lhs: ResolvedScalar, rhs: ResolvedScalar) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a?, _), .int(b?, _)): return a == b
        case let (.int(nil, a), .int(nil, b)): return a == b
        case let (.float(a), .float(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case let (.other(t1, a), .other(t2, b)): return t1 == t2 && a.utf8.elementsEqual(b.utf8)
        default: return false
        }
    }
}

/// Long-form tags of the core schema.
enum CoreTag {
    static let prefix = "tag:yaml.org,2002:"
    static let str = prefix + "str"
    static let null = prefix + "null"
    static let bool = prefix + "bool"
    static let int = prefix + "int"
    static let float = prefix + "float"

    /// Expands the `!!` shorthand so that `!!str` and the long form compare equal.
    static func normalize(_ tag: String) -> String {
        tag.hasPrefix("!!") ? prefix + tag.dropFirst(2) : tag
    }
}

extension Node.Scalar {
    /// Resolution: an explicit tag wins, non-plain styles are strings, plain scalars
    /// follow the core schema.
    var resolved: ResolvedScalar {
        if let tag {
            switch CoreTag.normalize(tag) {
            case "!", CoreTag.str: return .string(string)
            case CoreTag.null: return .null
            case CoreTag.bool: return CoreSchema.bool(string).map { .bool($0) } ?? .other(tag: CoreTag.bool, text: string)
            case CoreTag.int: return CoreSchema.int(string) ?? .other(tag: CoreTag.int, text: string)
            case CoreTag.float:
                if let d = CoreSchema.float(string) { return .float(d) }
                if case .int(let i?, _) = CoreSchema.int(string) { return .float(Double(i)) }
                return .other(tag: CoreTag.float, text: string)
            case let other: return .other(tag: other, text: string)
            }
        }
        guard style == .plain else { return .string(string) }
        return CoreSchema.resolvePlain(string)
    }
}

/// YAML 1.2 core schema regular expressions, hand-written over UTF-8 for speed.
enum CoreSchema {
    static func resolvePlain(_ text: String) -> ResolvedScalar {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if text == "null" || text == "Null" || text == "NULL" || text == "~" { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let b = bool(text) { return .bool(b) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let i = int(text) { return i }
            if let d = float(text) { return .float(d) }
        default: break
        }
        return .string(text)
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// `[-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+`
    static func int(_ text: String) -> ResolvedScalar? {
        let u = Array(text.utf8)
        guard !u.isEmpty else { return nil }
        if u.count > 2, u[0] == UInt8(ascii: "0"), u[1] == UInt8(ascii: "o") || u[1] == UInt8(ascii: "x") {
            let radix = u[1] == UInt8(ascii: "o") ? 8 : 16
            // Byte-wise: `dropFirst` on String would drop Characters, and a combining
            // mark can glue onto the `x`.
            let digits = u[2...]
            guard digits.allSatisfy({ isDigit($0, radix: radix) }) else { return nil }
            return .int(Int(String(decoding: digits, as: UTF8.self), radix: radix), text: text)
        }
        var start = 0
        if u[0] == UInt8(ascii: "-") || u[0] == UInt8(ascii: "+") { start = 1 }
        guard start < u.count, u[start...].allSatisfy({ isDigit($0, radix: 10) }) else { return nil }
        return .int(Int(text), text: text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? | [-+]?\.inf | \.nan` (with case variants)
    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        let u = Array(text.utf8)
        var i = 0
        if i < u.count, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") { i += 1 }
        let intStart = i
        while i < u.count, isDigit(u[i], radix: 10) { i += 1 }
        var mantissaDigits = i - intStart
        if i < u.count, u[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < u.count, isDigit(u[i], radix: 10) { i += 1 }
            mantissaDigits += i - fracStart
        }
        guard mantissaDigits > 0 else { return nil }
        if i < u.count, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i += 1
            if i < u.count, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") { i += 1 }
            let expStart = i
            while i < u.count, isDigit(u[i], radix: 10) { i += 1 }
            guard i > expStart else { return nil }
        }
        guard i == u.count else { return nil }
        return Double(text)
    }

    static func isDigit(_ c: UInt8, radix: Int) -> Bool {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "7"): return true
        case UInt8(ascii: "8"), UInt8(ascii: "9"): return radix >= 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return radix == 16
        default: return false
        }
    }
}

/// A string compared and hashed by its exact UTF-8 bytes.
///
/// YAML keys are distinct when their code points differ, while Swift's `String ==`
/// treats canonically equivalent text (`é` and `e` + U+0301) as equal.
struct ExactString: Hashable {
    var text: String

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.text.utf8.count == rhs.text.utf8.count && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
