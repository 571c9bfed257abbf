import Foundation
import XCTest
import TeamflowTestSupport

/// Writes that fail or die part-way: a full disk (a real tmpfs) and the store's fault hook
/// (`TEAMFLOW_TEST_FAULT`). Afterwards the ref, its reflog and the objects must agree, `git
/// fsck` must be clean, the next command must work, and nothing may be lost or doubled.
final class WriteFaultTests: XCTestCase {
    // MARK: Full disk

    /// The object store on a 1 MiB tmpfs, filled to leave 0-64 KiB: every `goal add` either
    /// lands whole or fails with the OS's reason and moves nothing. libgit2 reported success
    /// for a commit it never wrote (at ~16 KiB free), and the ref moved to it.
    func testFullObjectStoreNeverMovesTheRefToAMissingCommit() throws {
        let disk = try Tmpfs(sizeKiB: 1024)
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "처음").code, 0)
        let objects = ws.path + "/.git/objects"
        _ = try Subprocess.run("/bin/cp", ["-a", objects + "/.", disk.path], in: ws.path)
        try FileManager.default.removeItem(atPath: objects)
        try FileManager.default.createSymbolicLink(atPath: objects, withDestinationPath: disk.path)
        try exerciseFullDisk(ws, disk: disk)
    }

    /// The whole `.git` on the tmpfs: refs, reflogs and the cache run out of space too.
    func testFullGitDirectoryNeverMovesTheRefToAMissingCommit() throws {
        let disk = try Tmpfs(sizeKiB: 1024)
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "처음").code, 0)
        XCTAssertEqual(try ws.teamflow("week").code, 0)
        let gitDir = ws.path + "/.git"
        _ = try Subprocess.run("/bin/cp", ["-a", gitDir + "/.", disk.path], in: ws.path)
        try FileManager.default.removeItem(atPath: gitDir)
        try FileManager.default.createSymbolicLink(atPath: gitDir, withDestinationPath: disk.path)
        try exerciseFullDisk(ws, disk: disk)
    }

    private func exerciseFullDisk(_ ws: Workspace, disk: Tmpfs, file: StaticString = #filePath, line: UInt = #line) throws {
        var landed = ["처음"]
        var failures = 0
        for free in stride(from: 0, through: 64, by: 4) {
            try disk.fill(leavingKiB: free)
            let before = try ws.git("rev-parse", "refs/teamflow/events")
            let title = "free \(free)"
            let result = try ws.teamflow("goal", "add", title)
            let after = try ws.git("rev-parse", "refs/teamflow/events")
            if result.code == 0 {
                XCTAssertNotEqual(before, after, "\(title): success without a new tip", file: file, line: line)
                XCTAssertNoThrow(try ws.git("cat-file", "-e", after + "^{commit}"), "\(title): the ref points at a missing commit", file: file, line: line)
                landed.append(title)
            } else {
                failures += 1
                XCTAssertEqual(result.code, 1, "\(title): \(result.stderr)", file: file, line: line)
                XCTAssertEqual(before, after, "\(title): a failed write moved the ref", file: file, line: line)
                XCTAssertTrue(result.stderr.contains("No space left on device"), "\(title): \(result.stderr)", file: file, line: line)
                XCTAssertFalse(result.stdout.contains("Added"), file: file, line: line)
            }
            let reflogTip = try ws.git("rev-parse", "refs/teamflow/events@{0}")
            XCTAssertEqual(reflogTip, after, "\(title): the reflog names a move that never happened", file: file, line: line)
            try disk.unfill()
        }
        XCTAssertGreaterThan(failures, 0, "the disk never ran full: the test proved nothing", file: file, line: line)
        XCTAssertGreaterThan(landed.count, 1, "no write ever fitted", file: file, line: line)
        try ws.git("fsck", "--no-dangling")
        let list = try ws.teamflow("goal", "list", "--json")
        XCTAssertEqual(list.code, 0, list.stderr, file: file, line: line)
        let goals = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(goals.compactMap { $0["title"] as? String }.sorted(), landed.sorted(), file: file, line: line)
        XCTAssertEqual(try ws.teamflow("goal", "add", "after").code, 0, file: file, line: line)
        XCTAssertEqual(try ws.teamflow("doctor").code, 0, file: file, line: line)
    }

    // MARK: The fault hook

    /// A write killed (SIGKILL) at every step: the kill must land (exit by signal), and the
    /// repository must stay consistent, with the goal there once or not at all.
    func testKilledAtEveryStepLosesAndDoublesNothing() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "base").code, 0)
        XCTAssertEqual(try ws.teamflow("week").code, 0) // a snapshot, so the journal is used
        var expected = ["base"]
        for step in ["journal", "after-blob", "after-tree", "after-commit", "before-ref", "after-ref"] {
            let before = try ws.git("rev-parse", "refs/teamflow/events")
            let (process, _, _) = try CLI.start(["goal", "add", "killed \(step)"], in: ws.path,
                                                environment: ["TEAMFLOW_TEST_FAULT": step + ":kill"])
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "\(step): the kill did not land")
            XCTAssertEqual(process.terminationStatus, SIGKILL, step)
            let after = try ws.git("rev-parse", "refs/teamflow/events")
            let moved = ["after-ref", "journal"].contains(step)
            XCTAssertEqual(before != after, moved, "\(step): the ref \(moved ? "should" : "should not") have moved")
            XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events@{0}"), after, "\(step): reflog and ref disagree")
            try ws.git("fsck", "--no-dangling")
            if moved { expected.append("killed \(step)") }
            // The next command works, and the retried goal lands exactly once.
            XCTAssertEqual(try ws.teamflow("goal", "add", "next \(step)").code, 0, step)
            expected.append("next \(step)")
            XCTAssertEqual(try goalTitles(ws), expected.sorted(), step)
        }
        XCTAssertEqual(try ws.teamflow("doctor").code, 0)
    }

    /// A site written onto a full disk fails with the disk's reason and leaves the folder as it
    /// was: every page is staged (and each write checked) before any is moved into place.
    func testASiteOntoAFullDiskFailsAndChangesNothing() throws {
        let ws = try Workspace()
        for index in 0..<40 {
            XCTAssertEqual(try ws.teamflow("task", "add", "작업 \(index) " + String(repeating: "긴 제목 ", count: 40)).code, 0)
        }
        let disk = try Tmpfs(sizeKiB: 1024)
        let out = disk.path + "/site"
        XCTAssertEqual(try ws.teamflow("site", "--out", out).code, 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        XCTAssertEqual(try ws.teamflow("task", "add", "하나 더").code, 0)
        try disk.fill(leavingKiB: 8)
        let full = try ws.teamflow("site", "--out", out)
        XCTAssertEqual(full.code, 1, full.stdout)
        XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), before)
        XCTAssertEqual(try String(contentsOfFile: out + "/index.html", encoding: .utf8), index, "no page half-written")
        try disk.unfill()
        XCTAssertEqual(try ws.teamflow("site", "--out", out).code, 0, "the next run writes it")
    }

    /// Failing (not dying) before the ref moves exits 1 and leaves everything as it was.
    func testFailureBeforeTheRefMoveChangesNothing() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("goal", "add", "base").code, 0)
        for step in ["after-blob", "after-tree", "after-commit", "before-ref"] {
            let before = try ws.git("rev-parse", "refs/teamflow/events")
            let result = try ws.teamflow("goal", "add", "failed", environment: ["TEAMFLOW_TEST_FAULT": step + ":fail"])
            XCTAssertEqual(result.code, 1, step)
            XCTAssertTrue(result.stderr.contains("injected fault at \(step)"), result.stderr)
            XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), before, step)
            XCTAssertEqual(try goalTitles(ws), ["base"], step)
        }
        try ws.git("fsck", "--no-dangling")
    }

    /// An import killed just before its ref move: nothing visible, the rerun lands all of it.
    func testImportKilledBeforeTheRefMoveIsAllOrNothing() throws {
        let ws = try Workspace()
        let source = try Workspace()
        for i in 0..<20 { XCTAssertEqual(try source.teamflow("goal", "add", "g\(i)").code, 0) }
        let stream = try source.teamflow("export").stdout
        let file = ws.path + "/all.yaml"
        try Data(stream.utf8).write(to: URL(fileURLWithPath: file))
        for step in ["after-blob", "after-tree", "after-commit", "before-ref"] {
            let (process, _, _) = try CLI.start(["import", file], in: ws.path, environment: ["TEAMFLOW_TEST_FAULT": step + ":kill"])
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, step)
            XCTAssertThrowsError(try ws.git("rev-parse", "--verify", "-q", "refs/teamflow/events"), step)
            try ws.git("fsck", "--no-dangling")
        }
        XCTAssertEqual(try ws.teamflow("import", file).code, 0)
        XCTAssertEqual(try goalTitles(ws).count, 20)
    }

    private func goalTitles(_ ws: Workspace) throws -> [String] {
        let list = try ws.teamflow("goal", "list", "--json")
        let goals = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]], list.stderr)
        return goals.compactMap { $0["title"] as? String }.sorted()
    }
}
