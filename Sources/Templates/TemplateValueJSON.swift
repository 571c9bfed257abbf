public import Foundation

/// A JSON document that could not be read as a ``TemplateValue``.
public struct TemplateJSONError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Byte offset of the problem in the input.
    public let offset: Int
    /// What is wrong.
    public let message: String

    /// "JSON error at byte N: message".
    public var description: String { "JSON error at byte \(offset): \(message)" }
}

extension TemplateValue {
    /// Reads a JSON document.
    ///
    /// Integers stay `.int` (unless they overflow), numbers with a fraction or exponent
    /// are `.double`, `true`/`false` are `.bool`. `null` in an array is a `.null` element;
    /// `null` as an object member is dropped, because Stencil treats it like a missing key.
    ///
    /// With `dates`, an object with the single member `"$date"` holding an RFC 3339 timestamp
    /// or full date (`{"$date": "2018-05-05T03:39:26Z"}`, the MongoDB Extended JSON spelling) is
    /// a `.date`; any other text there is an error. JSON has no date type, so a plain string
    /// always stays a string.
    public init(json: Data, dates: Bool = false) throws {
        var reader = JSONReader(bytes: [UInt8](json), dates: dates)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected text after the JSON value")
        }
        self = value
    }
}

/// A small recursive-descent JSON reader over UTF-8 bytes.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    /// Deep nesting is refused instead of overflowing the stack.
    static let maximumDepth = 512

    /// Read `{"$date": "..."}` as a date.
    let dates: Bool

    init(bytes: [UInt8], dates: Bool = false) {
        self.bytes = bytes
        self.dates = dates
    }

    func error(_ message: String) -> TemplateJSONError {
        TemplateJSONError(offset: index, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func readValue(depth: Int) throws -> TemplateValue {
        guard depth < Self.maximumDepth else { throw error("nesting too deep") }
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try readNumber()
        }
    }

    mutating func expect(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("invalid literal")
        }
        index += utf8.count
    }

    mutating func readObject(depth: Int) throws -> TemplateValue {
        index += 1
        var result: [String: TemplateValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .dictionary(result) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth + 1)
            if value.isNull { result.removeValue(forKey: key) } else { result[key] = value }
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                if dates, result.count == 1, let marked = result["$date"] {
                    guard case .string(let text) = marked, let date = TemplateDate.rfc3339(text) else {
                        throw error("\"$date\" must hold an RFC 3339 timestamp or date, like \"2018-05-05T03:39:26Z\"")
                    }
                    return .date(date)
                }
                return .dictionary(result)
            }
            throw error("expected ',' or '}'")
        }
    }

    mutating func readArray(depth: Int) throws -> TemplateValue {
        index += 1
        var result: [TemplateValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(result) }
        while true {
            skipWhitespace()
            result.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(result) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
            let value = UInt32(text, radix: 16)
        else { throw error("invalid \\u escape") }
        index += 4
        return value
    }

    mutating func readString() throws -> String {
        index += 1
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                return String(decoding: buffer, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else { buffer.append(byte); continue }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count,
                    bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("invalid escape")
            }
        }
        throw error("unterminated string")
    }

    mutating func readNumber() throws -> TemplateValue {
        let start = index
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+")
            {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty else { throw error("unexpected character") }
        if isInteger, let number = Int(text) { return .int(number) }
        guard let number = Double(text), number.isFinite else {
            index = start
            throw error("invalid number '\(text)'")
        }
        return .double(number)
    }
}
