/// A compact, self-delimiting binary form of any `Codable` value, for the state cache.
///
/// Every value starts with a tag byte. Containers carry their byte length (so a reader skips
/// one without parsing it) and their entry count. Keyed containers keep their keys, so
/// decoding never depends on the order of `encode` calls, and dictionaries work too.
///
/// ```
/// nil 'N' | true 'T' | false 'F' | int 'I' varint(zigzag) | double 'D' 8 bytes LE
/// string 'S' varint(length) bytes
/// keyed   'K' u32(byte length after this field) u32(count) (varint(key length) key value)*
/// unkeyed 'U' u32(byte length after this field) u32(count) value*
/// ```
enum BinaryTag {
    static let null: UInt8 = 0x4E
    static let yes: UInt8 = 0x54
    static let no: UInt8 = 0x46
    static let int: UInt8 = 0x49
    static let double: UInt8 = 0x44
    static let string: UInt8 = 0x53
    static let keyed: UInt8 = 0x4B
    static let unkeyed: UInt8 = 0x55
}

/// Thrown when bytes do not hold what the decoder expects; the cache is then rebuilt.
struct BinaryDecodingError: Error, CustomStringConvertible {
    var message: String
    var description: String { "state cache: \(message)" }
}

/// The byte buffer shared by every container of one encoding.
final class BinaryWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    func int(_ value: Int64) {
        bytes.append(BinaryTag.int)
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func string(_ s: String) {
        bytes.append(BinaryTag.string)
        rawString(s)
    }

    func rawString(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func double(_ value: Double) {
        bytes.append(BinaryTag.double)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    /// Writes a container's tag and placeholders; returns where to patch them.
    func open(_ tag: UInt8) -> Int {
        bytes.append(tag)
        let at = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0, 0, 0, 0, 0])
        return at
    }

    func close(at: Int, count: Int) {
        put32(UInt32(truncatingIfNeeded: bytes.count - at - 4), at: at)
        put32(UInt32(truncatingIfNeeded: count), at: at + 4)
    }

    private func put32(_ value: UInt32, at: Int) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }
}

/// Reads values out of the bytes, checking every bound.
struct BinaryReader {
    let bytes: [UInt8]

    func byte(_ at: Int) throws -> UInt8 {
        guard at >= 0, at < bytes.count else { throw BinaryDecodingError(message: "truncated at \(at)") }
        return bytes[at]
    }

    func u32(_ at: Int) throws -> Int {
        var value = 0
        for i in 0..<4 { value |= Int(try byte(at + i)) << (8 * i) }
        return value
    }

    /// A varint and the offset after it.
    func varint(_ at: Int) throws -> (UInt64, Int) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var i = at
        while true {
            let b = try byte(i)
            i += 1
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return (value, i) }
            shift += 7
            guard shift < 64 else { throw BinaryDecodingError(message: "bad varint at \(at)") }
        }
    }

    /// The byte range of a string's UTF-8 after a length varint at `at`.
    func rawString(_ at: Int) throws -> (Range<Int>, Int) {
        let (length, start) = try varint(at)
        let end = start + Int(length)
        guard length < UInt64(Int32.max), end <= bytes.count else { throw BinaryDecodingError(message: "string out of bounds") }
        return (start..<end, end)
    }

    func string(in range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The offset just after the value starting at `at`.
    func skip(_ at: Int) throws -> Int {
        switch try byte(at) {
        case BinaryTag.null, BinaryTag.yes, BinaryTag.no: return at + 1
        case BinaryTag.int: return try varint(at + 1).1
        case BinaryTag.double: return at + 9
        case BinaryTag.string: return try rawString(at + 1).1
        case BinaryTag.keyed, BinaryTag.unkeyed: return at + 5 + (try u32(at + 1))
        case let tag: throw BinaryDecodingError(message: "unknown tag \(tag) at \(at)")
        }
    }
}
