import Foundation
internal import Timestamps

/// Decodes `Decodable` values from YAML text or a `Node`.
///
/// Scalars follow the core schema (a quoted `'42'` is not an `Int`; any non-null scalar
/// decodes as `String`). A `null` or empty document decodes as an empty mapping or
/// sequence, so all-optional types accept empty files. Errors are `YAMLError`s naming the
/// key path (`author.email`, `items[2]`) and the line:column of the offending node.
public struct YAMLDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Parses one document and decodes it; errors carry `file`, line:column and a snippet.
    public func decode<T: Decodable>(_ type: T.Type, from text: String, file: String? = nil) throws -> T {
        let node = try YAML.parse(text, file: file)
        return try decode(type, from: node, file: file, source: text)
    }

    /// Decodes from an already parsed node; errors carry the node's marks (no snippet).
    public func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        try decode(type, from: node, file: nil, source: nil)
    }

    private func decode<T: Decodable>(_ type: T.Type, from node: Node, file: String?, source: String?) throws -> T {
        do {
            return try NodeDecoder(node: node, codingPath: []).unbox(type)
        } catch let error as DecodingError {
            throw Self.convert(error, root: node, file: file, source: source)
        }
    }

    /// Turns a `DecodingError` (ours or one thrown by a custom `init(from:)`) into a
    /// located `YAMLError` by walking its coding path through the tree.
    static func convert(_ error: DecodingError, root: Node, file: String?, source: String?) -> YAMLError {
        let context: DecodingError.Context
        var message: String
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            context = c
            message = c.debugDescription
        case .keyNotFound(let key, let c):
            context = c
            message = "missing key '\(key.stringValue)'"
        @unknown default:
            return YAMLError(message: "\(error)", file: file)
        }
        let path = pathDescription(context.codingPath)
        message = (path.isEmpty ? "" : "at \(path): ") + message
        let mark = locate(context.codingPath, in: root)
        var result = YAMLError(message: message, file: file, mark: mark)
        if let mark, let source { result.snippet = YAMLError.snippet(in: source, at: mark) }
        return result
    }

    /// `author.email`, `items[2].name`.
    static func pathDescription(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// The mark of the deepest node the path reaches.
    static func locate(_ path: [any CodingKey], in root: Node) -> Mark? {
        var node = root
        var mark = root.mark
        for key in path {
            let next: Node?
            if let index = key.intValue, case .sequence = node {
                next = node[index]
            } else {
                next = node[key.stringValue]
            }
            guard let next else { break }
            node = next
            mark = next.mark ?? mark
        }
        return mark
    }
}

/// A decoder positioned at one node.
struct NodeDecoder: Decoder {
    let node: Node
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch node {
        case .mapping(let mapping): return KeyedDecodingContainer(KeyedNodeDecoder<Key>(mapping: mapping, codingPath: codingPath))
        case _ where node.isNull: return KeyedDecodingContainer(KeyedNodeDecoder<Key>(mapping: .init(), codingPath: codingPath))
        default: throw mismatch([String: Int].self, expected: "a mapping")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node {
        case .sequence(let sequence): return UnkeyedNodeDecoder(items: sequence.items, codingPath: codingPath)
        case _ where node.isNull: return UnkeyedNodeDecoder(items: [], codingPath: codingPath)
        default: throw mismatch([Int].self, expected: "a sequence")
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeDecoder(decoder: self)
    }

    func mismatch(_ type: Any.Type, expected: String) -> DecodingError {
        if node.isNull {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.kindDescription)"))
    }

    /// Decodes primitives and special types directly, everything else through `init(from:)`.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Node.self, let node = node as? T { return node }
        if T.self == String.self {
            guard let s = node.string as? T else { throw mismatch(type, expected: "a string") }
            return s
        }
        if T.self == Bool.self {
            guard let b = node.bool as? T else { throw mismatch(type, expected: "a bool (true or false)") }
            return b
        }
        if T.self == Double.self {
            guard let d = node.double as? T else { throw mismatch(type, expected: "a number") }
            return d
        }
        if T.self == Float.self {
            guard let d = node.double, let f = Float(d) as? T else { throw mismatch(type, expected: "a number") }
            return f
        }
        if let integerType = T.self as? any FixedWidthInteger.Type {
            guard let value = try unboxInteger(integerType) as? T else { throw mismatch(type, expected: "an integer") }
            return value
        }
        if T.self == Date.self {
            guard let text = node.string, let date = RFC3339.parse(text) as? T else {
                throw mismatch(type, expected: "an RFC 3339 timestamp (2024-11-18T10:00:00+09:00)")
            }
            return date
        }
        if T.self == URL.self {
            guard let text = node.string, let url = URL(string: text) as? T else { throw mismatch(type, expected: "a URL") }
            return url
        }
        return try T(from: self)
    }

    private func unboxInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .scalar(let scalar) = node, case .int(let value, let text) = scalar.resolved else {
            throw mismatch(type, expected: "an integer")
        }
        if let value, let exact = I(exactly: value) { return exact }
        if value == nil, let parsed = I(text) { return parsed }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(text) does not fit \(I.self)"))
    }
}
