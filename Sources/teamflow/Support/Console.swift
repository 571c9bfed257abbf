import Foundation

/// Standard output and error, with colour only on a terminal and never under NO_COLOR.
enum Console {
    nonisolated(unsafe) private static var buffer: [UInt8] = []

    static let isTerminal = isatty(STDOUT_FILENO) == 1
    static let useColor = isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        && ProcessInfo.processInfo.environment["TERM"] != "dumb"

    /// Buffers stdout; flushed at exit (one write for a whole board).
    static func out(_ text: String) {
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

    static func err(_ text: String) {
        flush()
        FileHandle.standardError.write(Data(text.utf8))
    }

    enum Style: String {
        case bold = "1", dim = "2", green = "32", yellow = "33", red = "31", cyan = "36"
    }

    /// Wraps text in an ANSI style when colour is on.
    static func styled(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
