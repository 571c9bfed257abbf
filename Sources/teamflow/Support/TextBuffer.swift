import TeamflowCore

/// Text built piece by piece as UTF-8 bytes, for output too long to build as strings: a list
/// of 10,000 tasks appends ~90,000 pieces. Appending a string's bytes to an array costs less
/// than `String.append`, which checks and updates the string's flags on every call, and a
/// field escaped straight into the buffer makes no string of its own.
///
/// Escaping follows `TerminalText` (`singleLine` for a field, `render` for the writer). Most
/// text is printable ASCII, which no pass changes: it is recognised here eight bytes at a
/// time and copied, and only the stretches around other bytes go through
/// `TerminalText.pieces` (a Korean name, a control character, a colour marker).
final class TextBuffer {
    /// The bytes so far: one allocation grown by doubling, appended to with a plain copy
    /// (`Array.append(contentsOf:)` cost ~90 instructions a piece, ~90,000 pieces a list).
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    /// A buffer holding `text` (a short message in place of a list).
    convenience init(_ text: String) {
        self.init()
        append(text)
    }

    deinit { base.deallocate() }

    /// Room for `total` bytes in all, so a list of known length grows once.
    func reserveCapacity(_ total: Int) {
        if total > capacity { grow(to: total) }
    }

    /// The bytes written, lent to `body`.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The last byte written, if any.
    var last: UInt8? { count > 0 ? base[count - 1] : nil }

    /// The text (the pieces were strings, so the bytes are valid UTF-8).
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Appends `piece` as it is (text already escaped, or the presenter's own).
    func append(_ piece: String) {
        var piece = piece
        piece.withUTF8 { write($0) }
    }

    /// Appends the presenter's own punctuation (`"  @"`), with no string made of it.
    func appendLiteral(_ literal: StaticString) {
        literal.withUTF8Buffer { write($0) }
    }

    /// A one-line field, escaped as `Present.oneLine` would (see `TerminalText.singleLine`).
    func field(_ text: String) {
        append(text, escaped: .singleLine, count: nil)
    }

    /// A one-line field in `style` (`Console.styled(Present.oneLine(text), style)`; the caller
    /// has checked that this run colours its output).
    func field(_ text: String, _ style: TerminalText.Style) {
        let markers = TerminalText.markers(style)
        append(markers.open)
        field(text)
        append(markers.close)
    }

    /// An entity's short id (`ShortID.of`), escaped, from the id's own bytes.
    func shortID<Entity>(_ id: EntityID<Entity>) {
        append(id.rawValue, escaped: .singleLine, count: ShortID.utf8Count(of: id.rawValue))
    }

    /// The short id in `style` (see `field(_:_:)`).
    func shortID<Entity>(_ id: EntityID<Entity>, _ style: TerminalText.Style) {
        let markers = TerminalText.markers(style)
        append(markers.open)
        shortID(id)
        append(markers.close)
    }

    /// The first `count` bytes of `text` (all when nil), escaped by `pass`.
    func append(_ text: String, escaped pass: TerminalText.Pass, count: Int?) {
        var text = text
        var sink = self
        text.withUTF8 { whole in
            Self.append(UnsafeBufferPointer(rebasing: whole.prefix(count ?? whole.count)), escaped: pass, to: &sink)
        }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }

    /// Appends `source` (valid UTF-8) to `bytes` escaped by `pass`. Plain bytes (printable
    /// ASCII and tabs, and newlines where `pass` keeps them) need no look; each stretch of
    /// other bytes is asked of `TerminalText` (a Korean name passes whole), and only one that
    /// holds something to escape is cut out and given to `TerminalText.pieces`. Every such
    /// stretch starts and ends next to an ASCII byte, so the cuts fall between scalars; what
    /// needs nothing is copied in one piece at the end.
    static func append<Sink: ByteSink>(_ source: UnsafeBufferPointer<UInt8>, escaped pass: TerminalText.Pass, to bytes: inout Sink) {
        guard let base = source.baseAddress else { return }
        let keepsBreaks = pass != .singleLine
        func isPlain(_ byte: UInt8) -> Bool {
            (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || (keepsBreaks && byte == 0x0A)
        }
        var copied = 0, at = 0 // source[copied..<at] needs no escape and is not yet appended
        while at < source.count {
            while at < source.count {
                if at + 8 <= source.count, Self.isPlain(UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self), keepingBreaks: keepsBreaks) {
                    at += 8
                } else if isPlain(source[at]) {
                    at += 1
                } else {
                    break
                }
            }
            guard at < source.count else { break }
            let otherStart = at
            at += 1
            while at < source.count, source[at] >= 0x80 || !isPlain(source[at]) { at += 1 }
            let other = UnsafeBufferPointer(rebasing: source[otherStart..<at])
            if TerminalText.isClean(other.span, pass) { continue }
            bytes.write(UnsafeBufferPointer(rebasing: source[copied..<otherStart]))
            TerminalText.pieces(of: other.span, pass) { range in
                bytes.write(UnsafeBufferPointer(rebasing: other[range]))
            } replace: { replacement, _ in
                var replacement = replacement
                replacement.withUTF8 { bytes.write($0) }
            }
            copied = at
        }
        bytes.write(UnsafeBufferPointer(rebasing: source[copied..<source.count]))
    }

    /// Whether all eight bytes of `word` are plain: printable ASCII (0x20-0x7E), tabs, and
    /// newlines when `keepingBreaks`. With no top bit set, adding 0x60 to a byte sets its top
    /// bit exactly from 0x20 up, and adding 1 only in 0x7F; no byte carries into the next.
    @inline(__always)
    static func isPlain(_ word: UInt64, keepingBreaks: Bool) -> Bool {
        guard word & highs == 0 else { return false }
        var plain = (word &+ ones &* 0x60) & ~(word &+ ones) & highs
        plain |= zeroBytes(word ^ (ones &* 0x09))
        if keepingBreaks { plain |= zeroBytes(word ^ (ones &* 0x0A)) }
        return plain == highs
    }

    /// The top bit of each byte of `x` that is zero, and no other bit: the low seven bits
    /// plus 0x7F reach the top bit unless they are all zero, and nothing carries out of a byte.
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((x & lows) &+ lows) | x) & highs
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080
}

/// Where escaped bytes go: a `TextBuffer`, or the writer's own array.
protocol ByteSink {
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension TextBuffer: ByteSink {
    /// Appends `bytes` with one copy.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }
}

extension Array: ByteSink where Element == UInt8 {
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}
