import Foundation
@testable import teamflow
import XCTest

/// The executable's heap set-up (heap_policy.c): every command but `serve` gets it, before the
/// command runs, in the real process.
final class HeapPolicyCLITests: XCTestCase {
    /// Whether this kernel hands out transparent huge pages to a range that asks for them.
    private var kernelAllowsHugePages: Bool {
        guard let mode = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
        else { return false }
        return !mode.contains("[never]")
    }

    private func advisedMiB(_ stderr: String) -> Int? {
        let prefix = "trace: heap advised for huge pages "
        guard let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Int(line.dropFirst(prefix.count).split(separator: " ").first ?? "")
    }

    func testAOneShotCommandAdvisesItsHeapBeforeRunning() throws {
        let directory = NSTemporaryDirectory()
        let result = try CLI.spawn(["--version"], in: directory, environment: ["TEAMFLOW_TRACE": "1"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let advised = try XCTUnwrap(advisedMiB(result.stderr), result.stderr)
        if kernelAllowsHugePages {
            // 64 MiB reserved, less the part before the first 2 MiB boundary.
            XCTAssertGreaterThanOrEqual(advised, 60, result.stderr)
            XCTAssertLessThanOrEqual(advised, 66, result.stderr)
        } else {
            XCTAssertEqual(advised, 0, "advice refused is reported as none")
        }
        let quiet = try CLI.spawn(["--version"], in: directory)
        XCTAssertNil(advisedMiB(quiet.stderr), "nothing is printed without TEAMFLOW_TRACE")
    }

    /// A task list's views are handed to `KeptUntilExit` in the real process (not freed before
    /// the exit), and a run inside this test process keeps nothing.
    func testAListsResultsAreKeptUntilExitOnlyInTheRealProcess() throws {
        let ws = try Workspace()
        try ws.teamflow("task", "add", "배포 준비")
        let kept = "trace: results kept until exit "
        let spawned = try CLI.spawn(["task", "list"], in: ws.path, environment: ["TEAMFLOW_TRACE": "1"])
        XCTAssertEqual(spawned.code, 0, spawned.stderr)
        XCTAssertTrue(spawned.stdout.contains("배포 준비"), spawned.stdout)
        XCTAssertTrue(spawned.stderr.contains(kept + "1\n"), spawned.stderr)
        let version = try CLI.spawn(["--version"], in: ws.path, environment: ["TEAMFLOW_TRACE": "1"])
        XCTAssertTrue(version.stderr.contains(kept + "0\n"), "only what a command hands over: \(version.stderr)")
        let before = KeptUntilExit.count
        XCTAssertEqual(try ws.teamflow("task", "list").code, 0)
        XCTAssertEqual(KeptUntilExit.count, before, "a run inside another program frees its results")
    }

    /// The server runs for days and keeps glibc's defaults (memory given back, no huge pages).
    func testTheServerIsNotGivenThePolicy() throws {
        let result = try CLI.spawn(["serve", "--help"], in: NSTemporaryDirectory(), environment: ["TEAMFLOW_TRACE": "1"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertNil(advisedMiB(result.stderr), result.stderr)
        XCTAssertFalse(HeapPolicy.applies(to: [Array("-C".utf8), Array("repo".utf8), Array("serve".utf8)]))
        XCTAssertTrue(HeapPolicy.applies(to: [Array("task".utf8), Array("list".utf8)]))
        XCTAssertTrue(HeapPolicy.applies(to: []))
    }
}
