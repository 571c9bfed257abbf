import Foundation
import JSONShapes
import TeamflowCore

/// Where one run's standard output and error go, whether they are coloured, and what its
/// standard input holds.
///
/// The real process uses file descriptors 0, 1 and 2 (`Output.process()`); a test runs the
/// whole command line in its own process, gives standard input as bytes and reads what was
/// written from memory (`Output.memory()`), so nothing about one run (buffers, the colour
/// decision) outlives it.
///
/// Text goes through `TerminalText.render` here, the one place every line passes: control
/// characters from titles, names, paths or error messages are shown as visible escapes
/// (`\u{1B}`), and only this module's own styles become escape sequences. Data meant to be
/// read back byte for byte (JSON, the export stream, a rendered template, completion scripts)
/// goes through `raw`.
final class Output: @unchecked Sendable {
    /// Standard output's descriptor; nil keeps everything in `standardOutput`.
    private let outDescriptor: Int32?
    /// Standard error's descriptor; nil keeps everything in `standardError`.
    private let errDescriptor: Int32?
    /// Standard input as given; nil reads the process's own.
    private let input: Data?
    /// Whether these are the process's own streams: the process then exits right after the run.
    var isProcess: Bool { input == nil }
    /// Bytes not yet written to `outDescriptor` (one write for a whole board), or, in memory,
    /// everything written.
    private var outBytes: [UInt8] = []
    private var errBytes: [UInt8] = []
    /// Progress lines are written from a timer thread while the command writes its own text.
    private let lock = NSLock()

    /// Whether standard output is a terminal (charts draw bars, `--color auto` colours).
    let isTerminal: Bool
    /// Whether standard error is a terminal (progress lines, git's progress meters).
    let errorIsTerminal: Bool

    /// Whether styles become ANSI escapes (and marks are drawn as `✔`, charts in colour).
    /// Off until `configure(color:environment:)` runs, so help and usage errors, printed
    /// before a command line has parsed, are plain.
    private(set) var useColor = false
    /// Whether `--color always` was given: charts then draw their bars even when piped, as a
    /// terminal would show them (`teamflow stats --color always | less -R`).
    private(set) var colorForced = false

    private init(outDescriptor: Int32?, errDescriptor: Int32?, input: Data?, isTerminal: Bool, errorIsTerminal: Bool) {
        self.outDescriptor = outDescriptor
        self.errDescriptor = errDescriptor
        self.input = input
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own standard output and error.
    static func process() -> Output {
        Output(outDescriptor: STDOUT_FILENO, errDescriptor: STDERR_FILENO, input: nil,
               isTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Output kept in memory (read back with `standardOutput` and `standardError`), with
    /// `input` as standard input (empty, as a closed pipe, by default); it behaves as a pipe
    /// unless `terminal` says otherwise.
    static func memory(input: Data = Data(), terminal: Bool = false) -> Output {
        Output(outDescriptor: nil, errDescriptor: nil, input: input, isTerminal: terminal, errorIsTerminal: terminal)
    }

    /// Standard input, read whole (`import -`, `wiki add -`, `review import --json -`).
    func readStandardInput() -> Data {
        input ?? FileHandle.standardInput.readDataToEndOfFile()
    }

    /// Everything written to standard output so far, when kept in memory.
    var standardOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: outBytes, as: UTF8.self)
    }

    /// Everything written to standard error so far, when kept in memory.
    var standardError: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errBytes, as: UTF8.self)
    }

    /// Decides colour for this run from `--color` and the environment. Called once, right after
    /// the command line parsed and before the command prints anything, so every line of a run
    /// agrees.
    func configure(color choice: ColorChoice, environment: [String: String]) {
        useColor = choice.enabled(isTerminal: isTerminal, environment: environment)
        colorForced = choice == .always
    }

    /// Text for a person: escaped and styled, buffered; flushed at the end of the run.
    func out(_ text: String) {
        raw(TerminalText.render(text, color: useColor))
    }

    /// `out` for text laid out as UTF-8 in a buffer (a list of 10,000 tasks), escaped and
    /// styled straight into the output buffer without a `String` of the whole list.
    func out(_ text: TextBuffer) {
        lock.lock()
        defer { lock.unlock() }
        text.withBytes { TextBuffer.append($0, escaped: .render(color: useColor), to: &outBytes) }
        if outBytes.count > 1 << 16 { flushLocked() }
    }

    /// Bytes exactly as given (JSON, YAML streams, rendered templates).
    func raw(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        outBytes.append(contentsOf: text.utf8)
        if outBytes.count > 1 << 16 { flushLocked() }
    }

    /// Writes what standard output has buffered.
    func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        guard let descriptor = outDescriptor, !outBytes.isEmpty else { return }
        Self.write(outBytes, to: descriptor)
        outBytes.removeAll(keepingCapacity: true)
    }

    /// Bytes to standard error exactly as given (a JSON error object: its escapes already
    /// keep control characters out). Standard output is flushed first so the two interleave
    /// as they were written.
    func errRaw(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        writeError(text)
    }

    /// Errors, warnings and diagnostics: escaped like `out`, never coloured.
    func err(_ text: String) {
        errRaw(TerminalText.render(text, color: false))
    }

    /// A progress line's own escapes to standard error, without flushing standard output
    /// (the line is drawn while the command is still producing it).
    func progress(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        writeError(text)
    }

    private func writeError(_ text: String) {
        if let descriptor = errDescriptor {
            Self.write(Array(text.utf8), to: descriptor)
        } else {
            errBytes.append(contentsOf: text.utf8)
        }
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    typealias Style = TerminalText.Style

    /// Marks text for a style; the writer turns the marks into ANSI escapes when colour is on.
    func styled(_ text: String, _ style: Style) -> String {
        useColor ? TerminalText.styled(text, style) : text
    }
}

/// Styles for presenters, which format lines without an invocation at hand, as the output of
/// the run in progress decides (`RunContext.current`, bound for exactly one run, so a run in a
/// test never sees another run's colour decision); plain outside a run.
enum Console {
    /// Whether the current run colours its output.
    static var useColor: Bool { RunContext.current?.output.useColor ?? false }

    /// Marks text for a style when the current run colours its output.
    static func styled(_ text: String, _ style: TerminalText.Style) -> String {
        RunContext.current?.output.styled(text, style) ?? text
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
