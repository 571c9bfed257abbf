internal import CYAML

/// Owns one libyaml parser handle and turns its error state into a `YAMLError`.
final class LibYAMLParser {
    private let handle: UnsafeMutablePointer<yaml_parser_t>
    /// Where the input starts within the source errors are reported against (`setInput(_:at:line:)`).
    private var startOffset = 0

    init() throws {
        handle = .allocate(capacity: 1)
        guard yaml_parser_initialize(handle) == 1 else {
            handle.deallocate()
            throw YAMLError(message: "could not initialise the YAML parser (out of memory)")
        }
    }

    deinit {
        yaml_parser_delete(handle)
        handle.deallocate()
    }

    /// Points the parser at `bytes`, which must outlive every `next` call.
    func setInput(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        yaml_parser_set_input_string(handle, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Points the parser at `bytes`, which start at byte `offset` and line `line` (1-based, the
    /// start of a line) of the source errors are reported against: every mark counts from there.
    func setInput(_ bytes: UnsafeRawBufferPointer, at offset: Int, line: Int) {
        setInput(bytes)
        startOffset = offset
        // libyaml compares marks only with each other, so starting the count at `line` shifts
        // every mark alike.
        handle.pointee.mark.line = line - 1
        handle.pointee.mark.index = offset
    }

    /// Points the parser at an open file, read in small chunks as parsing goes; the file
    /// must stay open for every `next` call.
    func setInput(file: UnsafeMutablePointer<FILE>) {
        yaml_parser_set_input_file(handle, file)
    }

    /// Parses the next event into `event`; returns false on a parse error.
    func next(_ event: UnsafeMutablePointer<yaml_event_t>) -> Bool {
        yaml_parser_parse(handle, event) == 1
    }

    /// The parser's current error, located and with a snippet.
    func error(file: String?, source: UnsafeRawBufferPointer) -> YAMLError {
        let p = handle.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown YAML error"
        var message = problem
        if let context = p.context.map({ String(cString: $0) }) {
            let at = Self.mark(p.context_mark)
            message += " (\(context) at line \(at.line), column \(at.column))"
        }
        let mark: Mark
        if p.error == YAML_READER_ERROR {
            // Encoding errors carry a byte offset, not a mark.
            mark = Self.mark(atOffset: startOffset + p.problem_offset, in: source)
            if p.problem_value >= 0 { message += " (value 0x\(String(p.problem_value, radix: 16, uppercase: true)))" }
        } else {
            mark = Self.mark(p.problem_mark)
        }
        return YAMLError(message, file: file, mark: mark, source: source)
    }

    static func mark(_ m: yaml_mark_t) -> Mark {
        Mark(line: Int(m.line) + 1, column: Int(m.column) + 1)
    }

    static func mark(atOffset offset: Int, in source: UnsafeRawBufferPointer) -> Mark {
        var line = 1
        var lineStart = 0
        let end = min(offset, source.count)
        for i in 0..<end where source[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        let prefix = UnsafeRawBufferPointer(rebasing: source[lineStart..<end])
        return Mark(line: line, column: String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1)
    }
}
