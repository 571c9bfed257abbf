import Foundation
import XCTest

/// The built `teamflow` binary running `serve` in a fixture's repository, as a user starts it.
final class ServeProcess {
    /// The binary SwiftPM built beside the test bundle (`swift build --build-tests` builds it).
    static let binary: String = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("teamflow").path,
            Bundle.main.bundleURL.appendingPathComponent("teamflow").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/teamflow").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// What every run gets: the fixture's clock and zone (never the wall clock), the author.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "TEAMFLOW_NOW": BoardFixture.nowText, "TZ": "Asia/Seoul", "NO_COLOR": "1", "PATH": "/usr/bin:/bin:/usr/local/bin",
            "GIT_CONFIG_NOSYSTEM": "1", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TEAMFLOW_AUTHOR": "Kim <kim@example.com>",
        ].merging(extra) { _, new in new }
    }

    let process = Process()
    private let out = Pipe(), err = Pipe()

    init(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = Self.environment(extra)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The first line on standard output (waits for it), nil when the process ended first.
    func firstLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = out.fileHandleForReading.readData(ofLength: 1)
            guard let byte = chunk.first else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Sends `signal` and waits for the exit status (killed after 20 seconds).
    func stop(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        return waitForExit()
    }

    func waitForExit(seconds: Double = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything on standard error, once the process has ended.
    var standardError: String { String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    /// The port and token of a `Serving <team> at http://127.0.0.1:PORT/?token=T` line.
    static func address(of line: String) -> (url: String, port: UInt16, token: String)? {
        guard let at = line.range(of: " at http://") else { return nil }
        let url = "http://" + line[at.upperBound...]
        // The port follows the host's last colon (an IPv6 host, `[::1]`, holds colons of its own).
        let rest = url.dropFirst("http://".count)
        guard let slash = rest.firstIndex(of: "/"), let colon = rest[..<slash].lastIndex(of: ":"),
              let port = UInt16(rest[rest.index(after: colon)..<slash]), let equals = url.lastIndex(of: "=") else { return nil }
        return (url, port, String(url[url.index(after: equals)...]))
    }
}
