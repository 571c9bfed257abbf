import Foundation

// What `teamflow serve` does as a process besides serving: wait for the signal that stops
// it, and offer the page to the user's browser.

/// SIGINT and SIGTERM taken from their default action (ending the process) from creation on,
/// so `wait()` returns instead and the server can finish what is in flight.
public final class SignalWait {
    private let done = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [done] in done.signal() }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until one of the signals arrives.
    public func wait() {
        done.wait()
        sources.forEach { $0.cancel() }
    }
}

/// Opens the board in the user's browser.
public enum BrowserOpener {
    /// `xdg-open` (found on `environment`'s `PATH`) when a display exists; a failure to open
    /// is never the command's failure.
    public static func open(_ url: String, environment: [String: String]) {
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        // The invocation's environment, not this process's: its PATH picks the opener.
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
