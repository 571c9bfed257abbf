import Foundation
@testable import teamflow
import XCTest

/// `TeamflowCLI.run` in this process: what a run is given (output, environment, directory,
/// standard input) is all it uses, and nothing of one run reaches the next.
final class InProcessRunTests: XCTestCase {
    static let escape = "\u{1B}["

    func testTheColourDecisionBelongsToOneRun() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "배포")
        let coloured = try ws.teamflow("--color", "always", "goal", "list")
        XCTAssertTrue(coloured.stdout.contains(Self.escape), coloured.stdout.debugDescription)
        let plain = try ws.teamflow("goal", "list")
        XCTAssertFalse(plain.stdout.contains(Self.escape), "the next run decides afresh: \(plain.stdout.debugDescription)")
        XCTAssertTrue(plain.stdout.contains("[ ] "), plain.stdout)
    }

    func testAutoColoursOnlyWhatTheOutputSaysIsATerminalAndTheEnvironmentAllows() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "배포")
        var environment = CLI.baseEnvironment
        environment["NO_COLOR"] = nil
        func run(terminal: Bool, _ environment: [String: String]) -> String {
            let output = Output.memory(terminal: terminal)
            _ = TeamflowCLI.run(arguments: ["goal", "list"], environment: environment, output: output, directory: ws.path)
            return output.standardOutput
        }
        XCTAssertTrue(run(terminal: true, environment).contains(Self.escape))
        XCTAssertFalse(run(terminal: false, environment).contains(Self.escape))
        XCTAssertFalse(run(terminal: true, environment.merging(["NO_COLOR": "1"]) { $1 }).contains(Self.escape),
                       "NO_COLOR is read from the run's environment")
    }

    func testRelativePathsResolveAgainstTheRunsDirectoryNotTheProcesses() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "배포")
        try FileManager.default.createDirectory(atPath: ws.path + "/sub", withIntermediateDirectories: true)
        let name = "in-process-\(UUID().uuidString).yaml"
        let export = try CLI.run(["-C", "..", "export", "--out", name], in: ws.path + "/sub")
        XCTAssertEqual(export.code, 0, export.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: ws.path + "/" + name))
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + name))
    }

    func testStandardInputIsTheBytesTheRunIsGiven() throws {
        let ws = try Workspace()
        try ws.teamflow("goal", "add", "배포")
        let stream = try ws.teamflow("export").stdout
        let other = try Workspace()
        let imported = try other.teamflow("import", "-", stdin: stream)
        XCTAssertEqual(imported.code, 0, imported.stderr)
        XCTAssertTrue(try other.teamflow("goal", "list").stdout.contains("배포"))
        let empty = try other.teamflow("import", "-")
        XCTAssertEqual(empty.code, 0, "no standard input is an empty stream, as a closed pipe: \(empty.stderr)")
    }
}
