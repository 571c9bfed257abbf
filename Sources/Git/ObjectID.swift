internal import CGit2

/// A SHA-1 object id: 20 raw bytes, shown as 40 lowercase hex digits.
///
/// Stored inline (no heap allocation) so ids are cheap to hash, compare and copy in bulk.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    // The 20 bytes as three words, in memory order.
    private var word0: UInt64 = 0
    private var word1: UInt64 = 0
    private var word2: UInt32 = 0

    /// The all-zero id, filled in by the initialisers below.
    fileprivate init() {}

    /// Creates an id from exactly 20 raw bytes.
    public init?(raw: [UInt8]) {
        guard raw.count == 20 else { return nil }
        withUnsafeMutableBytes(of: &self) { target in
            target.copyBytes(from: raw)
        }
    }

    /// Parses 40 hex digits (either case); `nil` for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 40 else { return nil }
        var raw = [UInt8](repeating: 0, count: 20)
        for index in 0..<20 {
            guard let high = ObjectID.nibble(utf8[2 * index]),
                  let low = ObjectID.nibble(utf8[2 * index + 1]) else { return nil }
            raw[index] = high << 4 | low
        }
        self.init(raw: raw)
    }

    /// The 20 raw bytes.
    public var raw: [UInt8] {
        withUnsafeBytes(of: self) { Array($0) }
    }

    /// 40 lowercase hex digits.
    public var hex: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(40)
        withUnsafeBytes(of: self) { bytes in
            for byte in bytes {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0f)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The hex form.
    public var description: String { hex }

    private static func nibble(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

// MARK: - Bridging to git_oid (same 20-byte layout)

extension ObjectID {
    init(_ oid: git_oid) {
        self.init()
        withUnsafeMutableBytes(of: &self) { target in
            withUnsafeBytes(of: oid) { target.copyMemory(from: $0) }
        }
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.init(pointer.pointee)
    }

    var oid: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid) { target in
            withUnsafeBytes(of: self) { target.copyMemory(from: $0) }
        }
        return oid
    }
}
