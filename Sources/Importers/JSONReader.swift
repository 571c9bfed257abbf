public import Foundation

/// A JSON value as RFC 8259 describes it, read by `JSONReader`.
///
/// Numbers keep the text they were written with (`-0`, `95.0`, `1e400`); `integer` and
/// `double` say what they mean. Objects keep their members in order, duplicate keys included;
/// the subscript answers with the last one (as JavaScript, Python's json module and
/// Foundation's JSONSerialization do).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// A number written as an integer that fits in 64 bits (`-12`, `-0`); nil for `1.0`, `1e2`.
    public var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// A number as the nearest Double (`1e400` is infinity, `1e-400` zero).
    public var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}

/// A JSON object's members in the order written.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    public var members: [Member]

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }
}

/// A strict RFC 8259 reader for the importers (gh's pull-request JSON), without Foundation's
/// bridging: objects, arrays, strings with every escape, numbers kept as text, literals.
///
/// Strict means: no comments, trailing commas, single quotes, leading zeros, `NaN`, raw
/// control characters in strings, invalid UTF-8, or text after the value. A lone surrogate
/// escape (`\uD800` without its pair) is an error rather than U+FFFD: gh never writes one,
/// so it means a damaged file. A UTF-8 byte order mark at the start is skipped (RFC 8259 §8.1
/// allows that). Nesting deeper than `maxDepth` is refused. Errors name the byte offset and
/// the line and column (in Unicode scalars, 1-based).
public struct JSONReader {
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        public var message: String
        /// 0-based byte offset into the input.
        public var offset: Int
        public var line: Int
        public var column: Int

        public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }
    }

    /// Arrays and objects nested deeper than this are refused (the reader recurses).
    public static let maxDepth = 200

    public static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { try parse($0) }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes.bindMemory(to: UInt8.self))
        return try reader.document()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// A string with escapes is decoded here; reused from one string to the next.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func document() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(describe(index)) after the value") }
        return value
    }

    private mutating func value() throws -> JSONValue {
        guard let byte = peek else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(describe(index)), expected a value")
        }
    }

    private mutating func object() throws -> JSONObject {
        try enter()
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw error("unexpected \(describe(index)), expected a key in double quotes") }
                let key = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw error("unexpected \(describe(index)), expected ':'") }
                index += 1
                skipWhitespace()
                members.append(JSONObject.Member(key: key, value: try value()))
                if try endOfList(closing: "}") { break }
            }
        }
        depth -= 1
        return JSONObject(members: members)
    }

    private mutating func array() throws -> [JSONValue] {
        try enter()
        var items: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                items.append(try value())
                if try endOfList(closing: "]") { break }
            }
        }
        depth -= 1
        return items
    }

    /// Steps over the `[` or `{` at `index`, counting the depth.
    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("arrays and objects nested deeper than \(Self.maxDepth) levels") }
        index += 1
    }

    /// After a member or item: true at the closing bracket, false after a comma (both consumed).
    private mutating func endOfList(closing: Unicode.Scalar) throws -> Bool {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ",")?: index += 1; return false
        case UInt8(ascii: closing)?: index += 1; return true
        default: throw error("unexpected \(describe(index)), expected ',' or '\(closing)'")
        }
    }

    private mutating func string() throws -> String {
        let start = index
        index += 1
        var run = index
        var escaped = false
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < bytes.count else { throw error("unexpected end of input in the string that starts at byte \(start)") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: bytes[run..<index])
                escaped = true
                try escape()
                run = index
            } else if byte < 0x20 {
                throw error("a control character (byte 0x\(Self.hex(byte, width: 2))) in a string; write it as an escape")
            } else {
                index += 1
            }
        }
        let text: String?
        if escaped {
            scratch.append(contentsOf: bytes[run..<index])
            text = String(validating: scratch, as: UTF8.self)
        } else {
            text = String(validating: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
        }
        guard let text else { throw error("the string that starts here is not valid UTF-8", at: start) }
        index += 1
        return text
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    private mutating func escape() throws {
        let start = index
        index += 2
        guard start + 1 < bytes.count else { throw error("unexpected end of input in an escape", at: bytes.count) }
        let simple: UInt8
        switch bytes[start + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            var value = try hex4(escapeAt: start)
            if (0xDC00...0xDFFF).contains(value) {
                throw error("a lone low surrogate \\u\(Self.hex(value, width: 4))", at: start)
            }
            if (0xD800...0xDBFF).contains(value) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a lone high surrogate \\u\(Self.hex(value, width: 4)) (no \\uDC00-\\uDFFF after it)", at: start)
                }
                let second = index
                index += 2
                let low = try hex4(escapeAt: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("a lone high surrogate \\u\(Self.hex(value, width: 4)) (followed by \\u\(Self.hex(low, width: 4)))", at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("an invalid escape", at: start) }
            UTF8.encode(scalar) { scratch.append($0) }
            return
        default:
            throw error("an invalid escape: \(describe(start + 1)) after a backslash", at: start)
        }
        scratch.append(simple)
    }

    /// The four hex digits at `index` (after `\u`).
    private mutating func hex4(escapeAt start: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexDigit(byte) else {
                throw error("\\u must be followed by four hex digits", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func number() throws -> String {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw error("unexpected \(describe(index)) in a number, expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, Self.isDigit(next) { throw error("a number may not start with 0 followed by digits", at: start) }
        } else {
            try digits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// One or more digits.
    private mutating func digits() throws {
        guard peek.map(Self.isDigit) == true else { throw error("unexpected \(describe(index)) in a number, expected a digit") }
        while let byte = peek, Self.isDigit(byte) { index += 1 }
    }

    private mutating func literal(_ word: StaticString) throws {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard peek == byte else { throw error("unexpected \(describe(index)), expected '\(word)'") }
            index += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    // MARK: Errors

    /// An error at `offset` (default: the current byte), with its line and column.
    private func error(_ message: String, at offset: Int? = nil) -> Error {
        let offset = min(offset ?? index, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Error(message: message, offset: offset, line: line, column: column)
    }

    /// The character at `offset` for a message: `'x'`, `'한'`, `byte 0xFF` or `end of input`.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        if byte > 0x20, byte != 0x7F, offset + length <= bytes.count,
           let text = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self) {
            return "'\(text)'"
        }
        return "byte 0x\(Self.hex(byte, width: 2))"
    }

    private static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
