import Foundation
import XCTest

/// The checked-in fuzz corpus (Fuzz/corpus/<target>/: seeds, hostile files and every crash
/// found so far) must run through its target without a crash or a broken property.
///
/// Runs the built `teamflow-fuzz` as a child process, so one crashing input fails this test
/// instead of the whole test run; a failure then names each input that fails on its own.
final class FuzzCorpusTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = packageRoot.appendingPathComponent("Fuzz/corpus")

    /// The binary SwiftPM built next to the test bundle (this target depends on it).
    static let binary: URL = {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("teamflow-fuzz"),
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("teamflow-fuzz"),
            packageRoot.appendingPathComponent(".build/debug/teamflow-fuzz"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    func testEveryTargetHasACorpusAndEveryCorpusATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        let listed = try run(["list"]).output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(folders, listed.sorted())
    }

    func testCorpusReplaysWithoutFindings() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertFalse(folders.isEmpty)
        for target in folders {
            let folder = Self.corpus.appendingPathComponent(target)
            let result = try run(["replay", target, folder.path])
            guard result.status != 0 else { continue }
            // Name the culprits: replay each input alone.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            var culprits: [String] = []
            for file in files where try run(["replay", target, folder.appendingPathComponent(file).path]).status != 0 {
                culprits.append(file)
            }
            XCTFail("target \(target) fails (status \(result.status)) on: \(culprits.joined(separator: ", "))\n\(result.errors.suffix(2000))")
        }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Drain stderr on another thread so neither pipe can fill up and block the child.
        let errors = ErrorBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.data, as: UTF8.self))
    }
}

private final class ErrorBox: @unchecked Sendable {
    var data = Data()
}
