internal import Git

/// The event files of a tree, held compactly: every path's bytes in one buffer and the blob
/// ids in another.
///
/// A whole-history read lists every file before reading any (500,000 at a time). As an array
/// of `EventFile`s, each path was its own heap string: ~80 bytes of allocation apiece plus a
/// 40-byte element, ~60 MB of a cold rebuild's peak at 500,000 events; here a file costs its
/// path's bytes, an offset and a blob id (~70 bytes, ~34 MB). Reading an element builds the
/// `EventFile` (and its path string) on the spot; the streaming replay reads paths and ids as
/// bytes and never does.
struct EventListing: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private var pathBytes: [UInt8] = []
    /// Where each path ends in `pathBytes` (it starts where the previous one ends).
    private var pathEnds: [Int] = []
    /// Each file's blob.
    private(set) var blobs: [ObjectID] = []

    init() {}

    init(_ files: some Sequence<EventFile>) {
        for file in files { append(path: file.path.utf8, blob: file.blob) }
    }

    init(arrayLiteral files: EventFile...) { self.init(files) }

    var startIndex: Int { 0 }
    var endIndex: Int { blobs.count }

    subscript(position: Int) -> EventFile {
        EventFile(path: path(at: position), blob: blobs[position])
    }

    /// Adds the file `<folder>/<name>`, the name given as bytes.
    mutating func append(path folder: String.UTF8View, name: UnsafeRawBufferPointer, blob: ObjectID) {
        pathBytes.append(contentsOf: folder)
        pathBytes.append(UInt8(ascii: "/"))
        pathBytes.append(contentsOf: name)
        pathEnds.append(pathBytes.count)
        blobs.append(blob)
    }

    /// Adds a file whose path is the concatenation of `parts`' bytes.
    mutating func append(path parts: String.UTF8View..., blob: ObjectID) {
        for part in parts { pathBytes.append(contentsOf: part) }
        pathEnds.append(pathBytes.count)
        blobs.append(blob)
    }

    private func pathRange(at position: Int) -> Range<Int> {
        (position == 0 ? 0 : pathEnds[position - 1]) ..< pathEnds[position]
    }

    /// The path of the file at `position`.
    func path(at position: Int) -> String {
        String(decoding: pathBytes[pathRange(at: position)], as: UTF8.self)
    }

    /// The bytes of the path at `position`.
    func pathUTF8(at position: Int) -> ArraySlice<UInt8> {
        pathBytes[pathRange(at: position)]
    }

    /// The bytes of the id the file's name gives (`…/<id>.yaml`), as `TreeLayout.id(ofPath:)`
    /// reads it from the path.
    func idUTF8(at position: Int) -> ArraySlice<UInt8> {
        let path = pathUTF8(at: position)
        let nameStart = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? path.startIndex
        let end = Swift.max(nameStart, path.endIndex - TreeLayout.fileExtension.utf8.count)
        return path[nameStart ..< end]
    }

    /// Whether the file at `position` sits where an append puts it (`TreeLayout.isCanonical`).
    func isCanonical(at position: Int) -> Bool {
        pathUTF8(at: position).withUnsafeBufferPointer { TreeLayout.isCanonical(utf8: $0) } ?? TreeLayout.isCanonical(path(at: position))
    }
}
