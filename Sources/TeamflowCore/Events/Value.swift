/// A value inside an event's `data`: the small subset of YAML that events use.
///
/// The domain never sees YAML nodes; the store converts between its YAML tree and `Value`,
/// keeping unknown fields so a newer team's history survives an older teamflow.
public enum Value: Sendable, Hashable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case list([Value])
    case map(Fields)

    /// The text of a string value.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number of an int value (a string of digits is not an int here).
    public var int: Int? {
        if case .int(let i) = self { return i }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var list: [Value]? {
        if case .list(let l) = self { return l }
        return nil
    }

    public var map: Fields? {
        if case .map(let m) = self { return m }
        return nil
    }

    public var isNull: Bool { self == .null }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// An ordered string-keyed mapping. Order is kept so files are written the way they were read.
public struct Fields: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
    public private(set) var pairs: [(key: String, value: Value)]

    public init() { pairs = [] }

    /// Keeps each key's first position and last value, as assigning them in order does, in
    /// linear time: decoding a mapping of 20,000 keys key by key took ~40 s (found while fuzzing).
    public init(_ pairs: [(String, Value)]) {
        // An event's mappings hold a handful of keys: searched, not hashed (hashing each key
        // was 3 % of a cold rebuild); a long mapping keeps the dictionary.
        if pairs.count <= 16 {
            var unique: [(key: String, value: Value)] = []
            unique.reserveCapacity(pairs.count)
            for (key, value) in pairs {
                if let index = unique.firstIndex(where: { $0.key == key }) {
                    unique[index].value = value
                } else {
                    unique.append((key, value))
                }
            }
            self.pairs = unique
            return
        }
        var position: [String: Int] = [:]
        var unique: [(key: String, value: Value)] = []
        unique.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let index = position[key] {
                unique[index].value = value
            } else {
                position[key] = unique.count
                unique.append((key, value))
            }
        }
        self.pairs = unique
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }

    /// Reads or replaces a key; assigning `nil` removes it, assigning a new key appends it.
    public subscript(key: String) -> Value? {
        get { pairs.first { $0.key == key }?.value }
        set {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[index].value = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }

    public var keys: [String] { pairs.map(\.key) }
    public var isEmpty: Bool { pairs.isEmpty }

    public func makeIterator() -> IndexingIterator<[(key: String, value: Value)]> { pairs.makeIterator() }

    public static func == (lhs: Fields, rhs: Fields) -> Bool {
        lhs.pairs.count == rhs.pairs.count
            && zip(lhs.pairs, rhs.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in pairs {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    /// Convenience typed reads used by the folds.
    public func string(_ key: String) -> String? { self[key]?.string }
    public func int(_ key: String) -> Int? { self[key]?.int }
    public func bool(_ key: String) -> Bool? { self[key]?.bool }
}
