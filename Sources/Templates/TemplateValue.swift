/// A value a template can see: the context, loop items, filter inputs and outputs.
///
/// It mirrors the handful of Swift types Stencil meets in practice (strings, integers,
/// doubles, booleans, arrays, string-keyed dictionaries and nil) so that printing,
/// comparison and truthiness follow Stencil exactly.
public indirect enum TemplateValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A floating point number (printed like Swift's `Double.description`, e.g. `5.0`).
    case double(Double)
    /// A boolean (never a number: `true == 1` is false).
    case bool(Bool)
    /// An array; `.null` elements print as `nil`.
    case array([TemplateValue])
    /// A dictionary with string keys.
    case dictionary([String: TemplateValue])
    /// Nil: a missing value.
    case null
    /// A point in time (a YAML timestamp or a JSON `{"$date": ...}` in a data file): prints
    /// as its RFC 3339 text.
    case date(TemplateDate)
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// Creates a `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an `.array`.
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
    /// Creates a `.dictionary`; a later duplicate key wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        var dictionary: [String: TemplateValue] = [:]
        for (key, value) in elements { dictionary[key] = value }
        self = .dictionary(dictionary)
    }
    /// Creates `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue {
    /// The text Stencil prints for this value: strings as is, numbers and booleans like
    /// Swift's `description`, arrays and dictionaries in Swift's literal style, nil as "".
    public var rendered: String {
        switch self {
        case .string(let text): return text
        case .null: return ""
        case .date(let date): return date.text
        default: return debugText
        }
    }

    /// Swift's description of the value inside a collection (strings quoted and escaped).
    var debugText: String {
        switch self {
        case .string(let text): return text.debugDescription
        case .int(let number): return String(number)
        case .double(let number): return number.description
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        case .date(let date): return date.text
        case .array(let items):
            return "[" + items.map(\.debugText).joined(separator: ", ") + "]"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return "[:]" }
            // Swift's order is random; sorted keys keep output reproducible.
            let entries = dictionary.keys.sorted().map { key in
                key.debugDescription + ": " + (dictionary[key] ?? .null).debugText
            }
            return "[" + entries.joined(separator: ", ") + "]"
        }
    }

    /// Stencil's truthiness: non-empty collections and strings, `true`, numbers above zero,
    /// nothing else.
    var isTruthy: Bool {
        switch self {
        case .array(let items): return !items.isEmpty
        case .dictionary(let dictionary): return !dictionary.isEmpty
        case .bool(let flag): return flag
        case .string(let text): return !text.isEmpty
        case .int(let number): return number > 0
        case .double(let number): return number > 0
        case .null: return false
        case .date: return true
        }
    }

    /// The numeric value for comparisons (integers and doubles only, never booleans).
    var number: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return nil
        }
    }

    /// True for `.null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
