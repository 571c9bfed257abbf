/// A YAML parse or decode error with its location, rendered like a compiler diagnostic:
///
///     values.yaml:3:7: error: found duplicate key "name"
///     name: other
///           ^
public struct YAMLError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, without location.
    public var message: String
    /// The file the text came from, if known.
    public var file: String?
    /// Where it went wrong (1-based), if known.
    public var mark: Mark?
    /// The offending source line followed by a caret line, or empty when unknown.
    public var snippet: String

    /// Creates an error; pass `source` to get a snippet for the mark.
    public init(message: String, file: String? = nil, mark: Mark? = nil, snippet: String = "") {
        self.message = message
        self.file = file
        self.mark = mark
        self.snippet = snippet
    }

    /// Creates an error, cutting the snippet out of the source text.
    init(_ message: String, file: String?, mark: Mark?, source: UnsafeRawBufferPointer?) {
        self.init(message: message, file: file, mark: mark, snippet: "")
        if let mark, let source { snippet = Self.snippet(in: source, at: mark) }
    }

    /// `file:line:col: error: message`, then the snippet if any.
    public var description: String {
        var location = file ?? ""
        if let mark { location += location.isEmpty ? "\(mark.line):\(mark.column)" : ":\(mark.line):\(mark.column)" }
        var text = location.isEmpty ? "error: \(message)" : "\(location): error: \(message)"
        if !snippet.isEmpty { text += "\n" + snippet }
        return text
    }

    /// The source line at `mark` plus a caret under its column (tabs kept so the caret aligns).
    static func snippet(in source: UnsafeRawBufferPointer, at mark: Mark) -> String {
        var line = 1
        var start = 0
        var i = 0
        while i < source.count, line < mark.line {
            if source[i] == UInt8(ascii: "\n") {
                line += 1
                start = i + 1
            }
            i += 1
        }
        guard line == mark.line else { return "" }
        var end = start
        while end < source.count, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: "\r") { end += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: source[start..<end]), as: UTF8.self)
        let pad = text.unicodeScalars.prefix(max(0, mark.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        return text + "\n" + pad + "^"
    }

    /// The snippet for a mark in a Swift string.
    static func snippet(in source: String, at mark: Mark) -> String {
        var copy = source
        return copy.withUTF8 { snippet(in: UnsafeRawBufferPointer($0), at: mark) }
    }
}
