import Foundation
import TeamflowCore

/// Standard output and error, with colour only on a terminal and never under NO_COLOR.
///
/// Text goes through `TerminalText.render` here, the one place every line passes: control
/// characters from titles, names, paths or error messages are shown as visible escapes
/// (`\u{1B}`), and only this module's own styles become escape sequences. Data meant to be
/// read back byte for byte (JSON, the export stream, a rendered template, completion scripts)
/// goes through `raw`.
enum Console {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static let isTerminal = isatty(STDOUT_FILENO) == 1
    static let useColor = isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    /// Text for a person: escaped and styled, buffered; flushed at exit (one write for a whole board).
    static func out(_ text: String) {
        raw(TerminalText.render(text, color: useColor))
    }

    /// Bytes exactly as given (JSON, YAML streams, rendered templates).
    static func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }

    static func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(STDOUT_FILENO, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Bytes to standard error exactly as given (a JSON error object: its escapes already
    /// keep control characters out).
    static func errRaw(_ text: String) {
        flush()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Errors, warnings and diagnostics: escaped like `out`, never coloured.
    static func err(_ text: String) {
        flush()
        FileHandle.standardError.write(Data(TerminalText.render(text, color: false).utf8))
    }

    typealias Style = TerminalText.Style

    /// Marks text for a style; the writer turns the marks into ANSI escapes when colour is on.
    static func styled(_ text: String, _ style: Style) -> String {
        useColor ? TerminalText.styled(text, style) : text
    }
}
