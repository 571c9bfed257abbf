import Foundation
import TeamflowCore

/// The fast path of `import`: reads the documents of a stream that are exactly the text
/// teamflow itself writes (what `export` gives), without composing a YAML tree.
///
/// A document is taken only when the layout decoder reads it, no import rule needs its node
/// (a text field written as a number, a field over its size limit) and the event encodes back
/// to the very same bytes. Such a document is an event teamflow wrote, so the full path
/// (libyaml, `ImportedEvent.canonical`) would read the same event and store the same text.
/// At the first document that is not, `next` answers nil and the caller reads the rest with
/// the full parser from `offset` (line `line`), which also reports every error.
struct ImportReader {
    let bytes: UnsafeRawBufferPointer
    /// Where the next document (its `---` line, if any) starts.
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The line `offset` is on (1-based); counted only when asked, on the way to the full path.
    var line: Int {
        var count = 1
        for index in 0..<offset where bytes[index] == 0x0A { count += 1 }
        return count
    }

    /// The next document as an event and its canonical text; nil at the end of the stream or at
    /// a document that is not canonical (then `offset` stays at its start).
    mutating func next() -> (event: Event, contents: String)? {
        var start = offset
        if isMarker(at: start) {
            start += 4
        } else if start != 0 {
            return nil // only the first document may come without `---`
        }
        let end = documentEnd(from: start)
        guard end > start else { return nil }
        let piece = UnsafeBufferPointer(rebasing: bytes.assumingMemoryBound(to: UInt8.self)[start..<end])
        guard let event = FastEventDecoder.decode(piece), Self.needsNoNode(event) else { return nil }
        var contents = EventCodec.encode(event)
        let same = contents.withUTF8 { text in
            guard text.count == piece.count, let a = text.baseAddress, let b = piece.baseAddress else { return false }
            return memcmp(a, b, piece.count) == 0
        }
        guard same else { return nil }
        offset = end
        return (event, contents)
    }

    /// Whether the import rules that look at the document's nodes have nothing to say: every
    /// field the schema calls text is text (or null), and no field is over its size limit.
    static func needsNoNode(_ event: Event) -> Bool {
        if let keys = EventSchema.table[event.type] {
            for key in keys where key.kind == .string {
                guard let value = event.data[key.name] else { continue }
                if value != .null, value.string == nil { return false }
            }
        }
        return FieldLimits.violations(in: event).isEmpty
    }

    /// `---` and a newline at `index` (always the start of a line).
    private func isMarker(at index: Int) -> Bool {
        index + 4 <= bytes.count && bytes[index] == 0x2D && bytes[index + 1] == 0x2D
            && bytes[index + 2] == 0x2D && bytes[index + 3] == 0x0A
    }

    /// The start of the next `---` line after `start`, or the end of the stream.
    private func documentEnd(from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = start
        while index < bytes.count {
            if isMarker(at: index) { return index }
            guard let newline = memchr(base + index, 0x0A, bytes.count - index) else { return bytes.count }
            index = base.distance(to: UnsafeRawPointer(newline)) + 1
        }
        return bytes.count
    }
}
