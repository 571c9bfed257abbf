import Foundation

/// A progress line on standard error for long work (`import`, `export`, `sync`, `wiki export`,
/// `wiki publish`, `site`): shown only on a terminal, never with `--quiet`, and only once the
/// work has taken half a second, then updated ten times a second with the time spent and
/// cleared when the work ends, so quick commands and pipes never see it.
final class ProgressLine: @unchecked Sendable {
    /// Seconds before the line appears; `TEAMFLOW_PROGRESS_AFTER` changes it (tests set 0).
    private let delay: Double
    private let label: String
    private let output: Output
    private let started = DispatchTime.now()
    private let lock = NSLock()
    private var shown = false
    private var finished = false
    private var timer: DispatchSourceTimer?

    private init(label: String, delay: Double, output: Output) {
        self.label = label
        self.output = output
        self.delay = delay
    }

    /// Runs `body`, with a progress line when `inv` is on a terminal and not `--quiet`.
    static func run<T>(_ label: String, _ inv: Invocation, _ body: () throws -> T) rethrows -> T {
        guard inv.output.errorIsTerminal, !inv.quiet, inv.environment["TERM"] != "dumb" else { return try body() }
        let setting = inv.environment["TEAMFLOW_PROGRESS_AFTER"].flatMap(Double.init) ?? 0.5
        let line = ProgressLine(label: label, delay: setting.isFinite ? min(max(setting, 0), 60) : 0.5, output: inv.output)
        line.start()
        defer { line.stop() }
        return try body()
    }

    private func start() {
        if delay == 0 { tick() }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + max(delay, 0.1), repeating: 0.1)
        timer.setEventHandler { [weak self] in self?.tick() }
        self.timer = timer
        timer.resume()
    }

    private func tick() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        let (now, start) = (DispatchTime.now().uptimeNanoseconds, started.uptimeNanoseconds)
        let seconds = Double(now >= start ? now - start : 0) / 1e9
        let tenths = Int((seconds * 10).rounded(.down))
        emit("\r\u{1B}[2K\(label)… \(tenths / 10).\(tenths % 10) s")
        shown = true
    }

    private func stop() {
        lock.lock()
        finished = true
        timer?.cancel()
        if shown { emit("\r\u{1B}[2K") }
        lock.unlock()
    }

    /// Our own text (a fixed label and a number): written raw so the escape clears the line.
    private func emit(_ text: String) {
        output.progress(text)
    }
}
