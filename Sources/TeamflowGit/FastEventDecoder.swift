import TeamflowCore
import YAML

/// Reads event files in the exact layout `EventCodec` writes, without building a YAML tree.
///
/// Replaying a long history is dominated by YAML parsing, and nearly every file is one we
/// wrote ourselves: block mappings, two-space indents, plain or single-quoted one-line
/// scalars. This scanner accepts only that subset and returns nil on anything else (double
/// quotes, block scalars, flow style, anchors, tags, comments, tabs, ambiguous plain
/// scalars), so the caller falls back to libyaml, which also produces the diagnostics. A
/// property test checks that whenever it answers, it agrees with the full parser.
enum FastEventDecoder {
    static func decode(_ bytes: [UInt8]) -> Event? {
        bytes.withUnsafeBufferPointer { decode($0) }
    }

    /// The same, straight from borrowed bytes (a replay's arena): no copy per event.
    static func decode(_ buffer: UnsafeBufferPointer<UInt8>) -> Event? {
        var scanner = Scanner(bytes: buffer)
        guard let root = scanner.mapping(indent: 0), scanner.atEnd else { return nil }
        return event(from: root)
    }

    /// A value of the subset: a scalar already resolved, or a nested mapping.
    /// Only a nested mapping is boxed: a scalar, nearly every item, costs no allocation.
    enum Item {
        case value(Value)
        indirect case mapping([Pair])
    }

    /// A key and its item. A struct, not a tuple: arrays of tuples were destroyed through the
    /// runtime's generic tuple code, element by element (6 % of a cold rebuild).
    struct Pair {
        let key: String
        let item: Item
    }

    private static func event(from root: [Pair]) -> Event? {
        var version: Int?, id: String?, type: String?, at: String?, clock: Int?, undoes: String?, batch: String?
        var author: Author?, data: Fields?
        var extra: [(String, Value)] = []
        for pair in root {
            let key = pair.key
            switch (key, pair.item) {
            case ("v", .value(.int(let v))): version = v
            case ("id", .value(.string(let s))): id = s
            case ("type", .value(.string(let s))): type = s
            case ("at", .value(.string(let s))): at = s
            case ("clock", .value(.int(let c))): clock = c
            case (Event.undoesKey, .value(.string(let s))) where EventID.isValid(s): undoes = s
            case (Event.batchKey, .value(.string(let s))) where EventID.isValid(s): batch = s
            case ("author", .mapping(let pairs)):
                guard pairs.count == 2, pairs[0].key == "name", pairs[1].key == "email",
                      case .value(.string(let name)) = pairs[0].item, case .value(.string(let email)) = pairs[1].item else { return nil }
                author = Author(name: name, email: email)
            case ("data", .mapping(let pairs)): data = fields(pairs)
            case (_, _) where EventCodec.knownKeys.contains(key): return nil
            default: extra.append((key, value(pair.item)))
            }
        }
        // Every rule EventCodec.decode enforces must hold, or the slow path reports it.
        guard let version, version >= 1, let id, !id.isEmpty, EventID.isValid(id), let type, !type.isEmpty,
              let at, !at.isEmpty, Timestamp.parse(at) != nil, let clock, Event.isValidClock(clock), let author, let data else { return nil }
        return Event(version: version, id: id, type: type, at: at, author: author, clock: clock, undoes: undoes, batch: batch,
                     data: data, extra: Fields(extra))
    }

    private static func fields(_ pairs: [Pair]) -> Fields {
        Fields(pairs.map { ($0.key, value($0.item)) })
    }

    private static func value(_ item: Item) -> Value {
        switch item {
        case .value(let v): return v
        case .mapping(let pairs): return .map(fields(pairs))
        }
    }

    /// A line-oriented scanner over the bytes of one file.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        /// The indentation of the line at `position`, or nil at the end.
        func indentation() -> Int? {
            var i = position
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            return i < bytes.count ? i - position : nil
        }

        /// A block mapping whose keys all sit at `indent` spaces.
        mutating func mapping(indent: Int) -> [Pair]? {
            var pairs: [Pair] = []
            // One allocation for an event's usual mappings (root ~8 keys, author 2, data a few):
            // growing from empty reallocated four times per mapping, 4 % of a cold rebuild.
            pairs.reserveCapacity(8)
            // Duplicate keys: an event's mappings hold about ten, so the first few are searched
            // (hashing each key cost more than the search); a set beyond keeps a long mapping
            // from being quadratic.
            var keys: Set<String>?
            while let current = indentation(), current == indent {
                position += indent
                guard let key = key() else { return nil }
                guard position < bytes.count else { return nil }
                if bytes[position] == 0x0A { // "key:" then a nested mapping
                    position += 1
                    guard let nested = indentation(), nested == indent + 2, let child = mapping(indent: nested) else { return nil }
                    pairs.append(Pair(key: key, item: .mapping(child)))
                } else {
                    guard bytes[position] == 0x20 else { return nil }
                    position += 1
                    guard let value = scalar() else { return nil }
                    pairs.append(Pair(key: key, item: .value(value)))
                }
                if pairs.count <= 16 {
                    if pairs.dropLast().contains(where: { $0.key == key }) { return nil }
                } else {
                    if keys == nil { keys = Set(pairs.dropLast().map(\.key)) }
                    if keys?.insert(key).inserted == false { return nil }
                }
            }
            if let current = indentation(), current > indent { return nil }
            return pairs.isEmpty ? nil : pairs
        }

        /// A plain key of ASCII letters, digits, `_` and `-`, followed by `:`.
        mutating func key() -> String? {
            let start = position
            while position < bytes.count {
                let b = bytes[position]
                if b == 0x3A { break }
                guard (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D else {
                    return nil
                }
                position += 1
            }
            guard position > start, position < bytes.count else { return nil }
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            position += 1 // ':'
            return key
        }

        /// A one-line scalar up to the newline: single-quoted, or plain and unambiguous.
        mutating func scalar() -> Value? {
            guard let end = lineEnd() else { return nil }
            defer { position = end + 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
            guard let first = line.first else { return nil }
            if first == 0x27 { return singleQuoted(line) }
            return plain(line)
        }

        private func lineEnd() -> Int? {
            var i = position
            while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            return i < bytes.count ? i : nil
        }

        private func singleQuoted(_ line: UnsafeBufferPointer<UInt8>) -> Value? {
            guard line.count >= 2, line[line.count - 1] == 0x27 else { return nil }
            let inner = UnsafeBufferPointer(rebasing: line[1 ..< line.count - 1])
            if !inner.contains(0x27) {
                // No quote to unescape (nearly always): the text is the bytes between the quotes.
                guard inner.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }), !hasSpecialUnicode(inner),
                      let text = Scanner.text(inner) else { return nil }
                return .string(text)
            }
            var out: [UInt8] = []
            out.reserveCapacity(line.count)
            var i = 1
            while i < line.count - 1 {
                let b = line[i]
                if b == 0x27 {
                    guard i + 1 < line.count - 1, line[i + 1] == 0x27 else { return nil }
                    i += 1
                }
                guard b >= 0x20, b != 0x7F else { return nil } // printable, no tabs
                out.append(b)
                i += 1
            }
            guard !hasSpecialUnicode(out[...]), let text = out.withUnsafeBufferPointer({ Scanner.text($0) }) else { return nil }
            return .string(text)
        }

        /// A plain scalar, resolved exactly as the full path resolves it (YAML 1.2 core schema
        /// through the YAML module; floats and other scalars stay strings, as in `EventCodec`).
        private func plain(_ line: UnsafeBufferPointer<UInt8>) -> Value? {
            let first = line[0]
            // Indicators that may start something other than a plain scalar: be conservative.
            switch first {
            case 0x2D, 0x3F, 0x3A, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x22, 0x25, 0x40, 0x60, 0x20:
                return intValue(line).map(Value.int)
            default:
                break
            }
            let last = line[line.count - 1]
            guard last != 0x20, last != 0x3A else { return nil }
            for (index, b) in line.enumerated() {
                if b < 0x20 || b == 0x7F { return nil }
                if b == 0x3A, index + 1 < line.count, line[index + 1] == 0x20 { return nil }
                if b == 0x20, index + 1 < line.count, line[index + 1] == 0x23 { return nil }
            }
            guard !hasSpecialUnicode(line[...]), let text = Scanner.text(line) else { return nil }
            if let int = intValue(line) { return .int(int) }
            // Only what the core schema could read as null, a boolean or an integer goes to the
            // resolver (floats stay strings here, like every other scalar): `~`, `null`, `true`
            // and `False` are at most five bytes from one of `nNtTfF~`; an integer is digits
            // (after a `+`: `-` took the branch above), or `0o…` or `0x…`. Ids of hex digits,
            // weeks and titles are strings at once.
            let digits = { (bytes: Slice<UnsafeBufferPointer<UInt8>>) in bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
            switch first {
            case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
                 UInt8(ascii: "F"), UInt8(ascii: "~"):
                guard line.count <= 5 else { return .string(text) }
            case UInt8(ascii: "+"):
                guard digits(line.dropFirst()) else { return .string(text) }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let based = first == UInt8(ascii: "0") && line.count > 1 && (line[1] == UInt8(ascii: "o") || line[1] == UInt8(ascii: "x"))
                guard based || digits(line[...]) else { return .string(text) }
            default:
                return .string(text)
            }
            let node = Node.scalar(Node.Scalar(string: text, style: .plain))
            if node.isNull { return .null }
            if let bool = node.bool { return .bool(bool) }
            if let int = node.int { return .int(int) }
            return .string(text)
        }

        /// The string `bytes` spell, or nil unless they are well-formed UTF-8 (no overlong
        /// form, surrogate or scalar past U+10FFFF). `String(validating:as:)` would say the same
        /// but instantiated the generic `Unicode.ParseResult` metadata on every call: ~600
        /// instructions a string, 7 % of a whole cold rebuild.
        static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b < 0x80 { i += 1; continue }
                let length: Int, low: UInt8, high: UInt8 // bounds of the second byte
                switch b {
                case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
                case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
                case 0xED: (length, low, high) = (3, 0x80, 0x9F)
                case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
                case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
                case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
                default: return nil
                }
                guard i + length <= n, bytes[i + 1] >= low, bytes[i + 1] <= high else { return nil }
                for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
                i += length
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// C1 controls, line/paragraph separators, the BOM and non-characters: YAML treats
        /// them specially, so such text goes to the full parser.
        private func hasSpecialUnicode<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8, C.Index == Int {
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                if b == 0xC2, i + 1 < bytes.endIndex, (0x80...0x9F).contains(bytes[i + 1]) { return true }
                if b == 0xE2, i + 2 < bytes.endIndex, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { return true }
                if b == 0xEF, i + 2 < bytes.endIndex,
                   (bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF) || (bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE) { return true }
                i += 1
            }
            return false
        }

        /// A decimal integer of YAML 1.2's core schema without a leading zero (`0`, `42`, `-7`).
        private func intValue(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
            var digits = line[...]
            if digits.first == 0x2D { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  digits.count == 1 || digits.first != 0x30 else { return nil }
            return Int(String(decoding: line, as: UTF8.self))
        }
    }
}
