import Foundation
import XCTest

/// Runs the outside programs the site tests use as independent judges (python3 with
/// html5lib, Chromium), with a time limit, and finds them on PATH.
enum ExternalTools {
    struct Result {
        var stdout: String
        var stderr: String
        var code: Int32
    }

    /// The first of `names` found on PATH (or in the usual folders).
    static func find(_ names: [String]) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Runs `executable` to its end, killing it after `seconds`.
    static func run(_ executable: String, _ arguments: [String], stdin: String? = nil, seconds: Double = 120) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer)
        let errData = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.data, as: UTF8.self),
                      code: process.terminationStatus)
    }

    /// python3 when it can import `module`.
    static func python(with module: String) -> String? {
        guard let python = find(["python3"]),
              let result = try? run(python, ["-c", "import \(module)"], seconds: 30), result.code == 0 else { return nil }
        return python
    }

    final class Box: @unchecked Sendable { var data = Data() }
}
