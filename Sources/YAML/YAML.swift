#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Entry points: parse YAML text into `Node` trees and emit trees back as YAML.
public enum YAML {
    /// The bound on nodes in one document, alias expansions included (the billion-laughs guard).
    public static let maxExpandedNodes = Composer.maxExpandedNodes

    /// Parses exactly one document. An empty stream or document gives `Node.null`;
    /// a second document is an error at its start.
    public static func parse(_ text: String, file: String? = nil) throws -> Node {
        var text = text
        return try text.withUTF8 { try parse(bytes: UnsafeRawBufferPointer($0), file: file) }
    }

    /// Parses exactly one document from UTF-8 (or UTF-16 with BOM) bytes without copying them.
    /// The fast path for event files.
    ///
    /// `maxAliasExpansion` bounds what aliases may add (in nodes, a scalar weighing one more per
    /// 64 bytes of text): the default allows any document under the 1,000,000-node bound; a
    /// reader of files that never hold aliases passes a small number, so a few hundred hostile
    /// bytes cannot make every read of them slow.
    public static func parse(bytes: UnsafeRawBufferPointer, file: String? = nil,
                             maxAliasExpansion: Int = YAML.maxExpandedNodes) throws -> Node {
        var composer = Composer(file: file, source: bytes, singleDocument: true)
        composer.aliasBudget = maxAliasExpansion
        return try composer.run().first ?? .null
    }

    /// Parses exactly one document from bytes.
    public static func parse(bytes: [UInt8], file: String? = nil,
                             maxAliasExpansion: Int = YAML.maxExpandedNodes) throws -> Node {
        try bytes.withUnsafeBytes { try parse(bytes: $0, file: file, maxAliasExpansion: maxAliasExpansion) }
    }

    /// Parses a stream of any number of documents (`---` separated).
    public static func parseAll(_ text: String, file: String? = nil) throws -> [Node] {
        var text = text
        return try text.withUTF8 { try parseAll(bytes: UnsafeRawBufferPointer($0), file: file) }
    }

    /// Parses a stream of any number of documents from bytes.
    public static func parseAll(bytes: UnsafeRawBufferPointer, file: String? = nil) throws -> [Node] {
        var composer = Composer(file: file, source: bytes, singleDocument: false)
        return try composer.run()
    }

    /// Parses a stream file document by document, calling `body` with each as soon as it is
    /// complete: memory stays that of one document whatever the file's size. Errors carry
    /// `file` (default: `path`), line and column, but no snippet.
    public static func forEachDocument(inFileAtPath path: String, file: String? = nil,
                                       _ body: (Node) throws -> Void) throws {
        guard let handle = fopen(path, "rb") else {
            throw YAMLError(message: "cannot read \(path): \(String(cString: strerror(errno)))", file: file ?? path)
        }
        defer { fclose(handle) }
        let parser = try LibYAMLParser()
        parser.setInput(file: handle)
        var composer = Composer(file: file ?? path, source: UnsafeRawBufferPointer(start: nil, count: 0), singleDocument: false)
        try withoutActuallyEscaping(body) { escaping in
            composer.sink = escaping
            defer { composer.sink = nil }
            try composer.drive(parser)
        }
    }

    /// `forEachDocument` over a stream in memory, from byte `offset` (the start of line `line`)
    /// on: what comes before is not read, yet every error gives its line and column (and
    /// snippet) within the whole of `source`.
    public static func forEachDocument(in source: UnsafeRawBufferPointer, from offset: Int, line: Int, file: String? = nil,
                                       _ body: (Node) throws -> Void) throws {
        guard offset < source.count else { return }
        let parser = try LibYAMLParser()
        parser.setInput(UnsafeRawBufferPointer(rebasing: source[offset...]), at: offset, line: line)
        var composer = Composer(file: file, source: source, singleDocument: false)
        try withoutActuallyEscaping(body) { escaping in
            composer.sink = escaping
            defer { composer.sink = nil }
            try composer.drive(parser)
        }
    }

    /// Writes one document: block style, 2-space indent, key order kept, no leading `---`,
    /// ending in a newline. Every string reads back identically here and in YAML 1.1 readers.
    public static func emit(_ node: Node) -> String {
        var emitter = Emitter()
        emitter.document(node)
        return emitter.output
    }

    /// Writes a multi-document stream, each document preceded by `---`.
    public static func emitAll(_ nodes: [Node]) -> String {
        var emitter = Emitter()
        for node in nodes {
            emitter.startDocument()
            emitter.document(node)
        }
        return emitter.output
    }
}
