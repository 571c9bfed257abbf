import Foundation
import TeamflowCore

/// Standard output and error; colour as `--color` decides (`ColorChoice`), set once per run.
///
/// Text goes through `TerminalText.render` here, the one place every line passes: control
/// characters from titles, names, paths or error messages are shown as visible escapes
/// (`\u{1B}`), and only this module's own styles become escape sequences. Data meant to be
/// read back byte for byte (JSON, the export stream, a rendered template, completion scripts)
/// goes through `raw`.
enum Console {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static let isTerminal = isatty(STDOUT_FILENO) == 1

    /// Whether styles become ANSI escapes (and marks are drawn as `✔`, charts in colour).
    /// Off until `configure(color:environment:)` runs, so help and usage errors, printed
    /// before a command line has parsed, are plain.
    nonisolated(unsafe) private(set) static var useColor = false
    /// Whether `--color always` was given: charts then draw their bars even when piped, as a
    /// terminal would show them (`teamflow stats --color always | less -R`).
    nonisolated(unsafe) private(set) static var colorForced = false

    /// Decides colour for this run from `--color` and the environment. Called once, right after
    /// the command line parsed and before the command prints anything; the one writer of
    /// `useColor`, so every line of a run agrees.
    static func configure(color choice: ColorChoice, environment: [String: String]) {
        useColor = choice.enabled(isTerminal: isTerminal, environment: environment)
        colorForced = choice == .always
    }

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

/// `--color auto|always|never`: when output is coloured.
///
/// `auto` colours only a terminal, and not when `NO_COLOR` is set (to any value, as
/// no-color.org asks) or `TERM` is `dumb`; `always` colours even a pipe or a file (for
/// `less -R`); `never` never does. An explicit `always` or `never` wins over the environment.
enum ColorChoice: String, CaseIterable {
    case auto, always, never

    /// Whether output to a terminal (or not) is coloured in `environment`.
    func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}
