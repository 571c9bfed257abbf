import Foundation

/// Results a one-shot command hands over instead of freeing them: the process exits right
/// after, and the exit returns the memory whole (as a compiler's `-disable-free` does).
/// Freeing the 10,000 views of a task list (their strings, two arrays) was ~0.7 ms of a 15 ms
/// command. Only the real process turns this on (main.swift, for every command but `serve`);
/// a run inside another program (the tests) keeps nothing, so nothing of one run outlives it.
enum KeptUntilExit {
    private nonisolated(unsafe) static var enabled = false
    private nonisolated(unsafe) static var values: [Any] = []
    private static let lock = NSLock()

    /// Turns keeping on for the rest of the process (main.swift, before the command runs).
    static func enable() {
        lock.lock()
        defer { lock.unlock() }
        enabled = true
    }

    /// Keeps `value` until the process exits when keeping is on; otherwise it is freed as usual.
    static func keep(_ value: some Any) {
        lock.lock()
        defer { lock.unlock() }
        if enabled { values.append(value) }
    }

    /// How many values are kept (for tests).
    static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return values.count
    }
}
