// Convenience constructors, literals and typed views over `Node`.

extension Node {
    /// A string scalar (tagged `!!str`, so `Node("42")` stays a string).
    public init(_ string: String) {
        self = .scalar(Scalar(string: string, style: .plain, tag: CoreTag.str))
    }

    /// An integer scalar.
    public init(_ int: Int) {
        self = .scalar(Scalar(string: String(int)))
    }

    /// A floating-point scalar, written so that YAML 1.1 and 1.2 readers both see a float.
    public init(_ double: Double) {
        self = .scalar(Scalar(string: ScalarFormat.float(double)))
    }

    /// A boolean scalar: `true` or `false`.
    public init(_ bool: Bool) {
        self = .scalar(Scalar(string: bool ? "true" : "false"))
    }

    /// The null scalar.
    public static var null: Node { .scalar(Scalar(string: "null")) }

    /// A mapping with string keys, in the given order.
    public static func map(_ pairs: [(String, Node)]) -> Node {
        .mapping(Mapping(pairs: pairs.map { (key: Node($0.0), value: $0.1) }))
    }

    /// A sequence.
    public static func list(_ items: [Node]) -> Node {
        .sequence(Sequence(items: items))
    }

    // MARK: Typed views (YAML 1.2 core schema; quoted scalars are always strings)

    /// The text of any non-null scalar (so plain `42` gives `"42"`); nil for null and collections.
    public var string: String? {
        guard case .scalar(let s) = self else { return nil }
        if case .null = s.resolved { return nil }
        return s.string
    }

    /// The value of an integer scalar (plain `42`, `0x2A`, `0o52`, or `!!int`).
    public var int: Int? {
        guard case .scalar(let s) = self, case .int(let i, _) = s.resolved else { return nil }
        return i
    }

    /// The value of a float scalar; integer scalars convert too.
    public var double: Double? {
        guard case .scalar(let s) = self else { return nil }
        switch s.resolved {
        case .float(let d): return d
        case .int(let i?, _): return Double(i)
        case .int(nil, let text): return Double(text)
        default: return nil
        }
    }

    /// The value of a boolean scalar (`true`/`false` and their capitalised forms only).
    public var bool: Bool? {
        guard case .scalar(let s) = self, case .bool(let b) = s.resolved else { return nil }
        return b
    }

    /// True for `null`, `~`, an empty plain scalar, or `!!null`.
    public var isNull: Bool {
        guard case .scalar(let s) = self, case .null = s.resolved else { return false }
        return true
    }

    /// The mapping's value for a scalar key with this text.
    public subscript(key: String) -> Node? {
        guard case .mapping(let m) = self else { return nil }
        return m[key]
    }

    /// The sequence's item at `index`, or nil when out of range.
    public subscript(index: Int) -> Node? {
        guard case .sequence(let s) = self, s.items.indices.contains(index) else { return nil }
        return s.items[index]
    }

    /// The mapping, if this node is one.
    public var mapping: Mapping? {
        if case .mapping(let m) = self { return m }
        return nil
    }

    /// The sequence's items, if this node is a sequence.
    public var array: [Node]? {
        if case .sequence(let s) = self { return s.items }
        return nil
    }

    /// Where the node starts in its source, if it was parsed.
    public var mark: Mark? {
        switch self {
        case .scalar(let s): return s.mark
        case .mapping(let m): return m.mark
        case .sequence(let s): return s.mark
        }
    }

    /// A short description of the node's kind for error messages ("a mapping", "an int").
    var kindDescription: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar(let s):
            switch s.resolved {
            case .null: return "null"
            case .bool: return "a bool"
            case .int: return "an int"
            case .float: return "a float"
            case .string: return "a string"
            case .other(let tag, _): return "a scalar tagged \(tag)"
            }
        }
    }
}

extension Node: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A string scalar.
    public init(stringLiteral value: String) { self.init(value) }
    /// An int scalar.
    public init(integerLiteral value: Int) { self.init(value) }
    /// A float scalar.
    public init(floatLiteral value: Double) { self.init(value) }
    /// A bool scalar.
    public init(booleanLiteral value: Bool) { self.init(value) }
    /// Null.
    public init(nilLiteral: ()) { self = .null }
    /// A sequence.
    public init(arrayLiteral elements: Node...) { self = .list(elements) }
    /// A mapping; the literal's order is kept.
    public init(dictionaryLiteral elements: (Node, Node)...) {
        self = .mapping(Mapping(pairs: elements.map { (key: $0.0, value: $0.1) }))
    }
}

/// Canonical texts for numbers that every YAML 1.1 and 1.2 reader resolves alike.
enum ScalarFormat {
    /// PyYAML (1.1) needs a dot in the mantissa and a signed exponent: `1.0e+20`, not `1e20`.
    static func float(_ d: Double) -> String {
        if d.isNaN { return ".nan" }
        if d.isInfinite { return d < 0 ? "-.inf" : ".inf" }
        var text = "\(d)"
        if let e = text.firstIndex(of: "e") {
            if !text[..<e].contains(".") { text.insert(contentsOf: ".0", at: e) }
            let afterE = text.index(after: text.firstIndex(of: "e") ?? text.startIndex)
            if afterE < text.endIndex, text[afterE] != "-", text[afterE] != "+" { text.insert("+", at: afterE) }
        } else if !text.contains(".") {
            text += ".0"
        }
        return text
    }
}

/// What a scalar resolves to under the core schema, for callers that must know more than
/// `string`/`int`/`bool` say (an integer too large for 64 bits, a float, an unknown tag).
public enum ScalarKind: Sendable, Equatable {
    case null, bool, int, float, string
    /// An integer that does not fit in `Int`.
    case integerOutOfRange
    /// A scalar with a tag outside the core schema (or a core tag its text does not fit).
    case tagged(String)
}

extension Node {
    /// The scalar's resolved kind; nil for mappings and sequences.
    public var scalarKind: ScalarKind? {
        guard case .scalar(let s) = self else { return nil }
        switch s.resolved {
        case .null: return .null
        case .bool: return .bool
        case .int(let value, _): return value == nil ? .integerOutOfRange : .int
        case .float: return .float
        case .string: return .string
        case .other(let tag, _): return .tagged(tag)
        }
    }
}
