/// Writes a block-style document piece by piece, for documents too large to hold as one `Node`
/// tree (an event with 100,000 comments): only one entry's tree exists at a time.
///
/// The text is exactly what `YAML.emit` writes for the tree the calls describe: the document
/// is a mapping; `openMapping` and `openSequence` start a key's non-empty collection, `close`
/// ends it. An empty collection is written with `pair` (it has its own `{}`/`[]` form).
public struct BlockWriter {
    private var emitter = Emitter()
    /// The indent of each open collection's entries; the document's mapping is the first.
    private var indents = [0]

    public init() {}

    /// The text written so far.
    public var text: String { emitter.output }

    private var indent: Int { indents.last ?? 0 }

    /// `key: value` in the open mapping.
    public mutating func pair(_ key: String, _ value: Node) {
        emitter.pad(indent)
        emitter.writePair(key: Node(key), value: value, indent: indent)
    }

    /// `key:` in the open mapping, starting a non-empty mapping; `pair` and `open...` add to it.
    public mutating func openMapping(_ key: String) {
        openCollection(key)
    }

    /// `key:` in the open mapping, starting a non-empty sequence; `item` adds to it.
    public mutating func openSequence(_ key: String) {
        openCollection(key)
    }

    /// `- item` in the open sequence.
    public mutating func item(_ node: Node) {
        emitter.writeItem(node, indent: indent)
    }

    /// Ends the collection opened last.
    public mutating func close() {
        if indents.count > 1 { indents.removeLast() }
    }

    private mutating func openCollection(_ key: String) {
        emitter.pad(indent)
        emitter.writeKey(Node(key), indent: indent)
        emitter.newline()
        indents.append(indent + 2)
    }
}
