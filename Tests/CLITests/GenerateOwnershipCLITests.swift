import Foundation
import XCTest

/// End to end: user files kept, hand edits refused only when regeneration would change them,
/// `--check` for CI, and `generate graph --print`. Uses the fixture `coordinator` template of
/// `Fixtures/regen-templates` (it has a `userFiles` entry), not the built-ins.
final class GenerateOwnershipCLITests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/regen-templates/coordinator")

    private func workspace() throws -> Workspace {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.path + "/.teamflow/templates", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: ws.path + "/.teamflow/templates/coordinator")
        return ws
    }

    private func text(_ ws: Workspace, _ path: String) throws -> String {
        try String(contentsOfFile: ws.path + "/" + path, encoding: .utf8)
    }

    private func append(_ ws: Workspace, _ path: String, _ line: String) throws -> String {
        let changed = try text(ws, path) + line
        try changed.write(toFile: ws.path + "/" + path, atomically: true, encoding: .utf8)
        return changed
    }

    static let before = """
        root: Main
        nodes:
          Main: {children: [Connection], provides: ["a: A = A()"]}
          Connection: {needs: ["a: A"]}
          Settings: {}
        """

    func testGraphRegenerationKeepsUserCodeAndCheckGatesCI() throws {
        let ws = try workspace()
        try Self.before.write(toFile: ws.path + "/graph.yaml", atomically: true, encoding: .utf8)
        let fresh = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check")
        XCTAssertEqual(fresh.code, 1, "nothing generated yet")
        XCTAssertTrue(fresh.stdout.contains("create  Main/MainCoordinator+Flow.swift\n"), fresh.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path + "/App"), "--check writes nothing")

        XCTAssertEqual(try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App").code, 0)
        let upToDate = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check")
        XCTAssertEqual(upToDate.code, 0, upToDate.stderr)
        XCTAssertEqual(upToDate.stdout, "Up to date: 8 file(s) checked.\n")

        // Without the last generated text (a tree generated before teamflow kept it under
        // .teamflow-generated/), an edit cannot be merged: the old refusal still applies.
        try FileManager.default.removeItem(atPath: ws.path + "/App/.teamflow-generated")
        let flow = try append(ws, "App/Connection/ConnectionCoordinator+Flow.swift", "// my routes\n")
        _ = try append(ws, "App/Connection/ConnectionCoordinator.swift", "// mine\n")
        try Self.before.replacingOccurrences(of: "Connection: {needs", with: "Connection: {children: [Settings], needs")
            .write(toFile: ws.path + "/graph.yaml", atomically: true, encoding: .utf8)

        let stale = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check")
        XCTAssertEqual(stale.code, 1)
        XCTAssertEqual(stale.stdout, """
            update  Connection/ConnectionContainer+Graph.swift
            edited  Connection/ConnectionCoordinator.swift
            create  Settings/SettingsContainer+Graph.swift
            create  Settings/SettingsContainer.swift
            create  Settings/SettingsCoordinator+Flow.swift
            create  Settings/SettingsCoordinator.swift

            """)
        XCTAssertTrue(stale.stderr.contains("error: 6 of 12 generated file(s) out of date; nothing was written"), stale.stderr)

        let refused = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App")
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("would overwrite 1 existing file(s):\n  Connection/ConnectionCoordinator.swift"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path + "/App/Settings"), "nothing written")

        let forced = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--force")
        XCTAssertEqual(forced.code, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("kept       Connection/ConnectionCoordinator+Flow.swift  (your file: created once, never overwritten)\n"),
                      forced.stdout)
        XCTAssertTrue(forced.stdout.contains("edited     Connection/ConnectionCoordinator.swift  (edited by hand; overwritten with --force)\n"),
                      forced.stdout)
        XCTAssertEqual(try text(ws, "App/Connection/ConnectionCoordinator+Flow.swift"), flow)
        XCTAssertFalse(try text(ws, "App/Connection/ConnectionCoordinator.swift").contains("// mine"))
        let done = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check")
        XCTAssertEqual(done.code, 0, done.stdout + done.stderr)
    }

    /// Regeneration merges hand edits three-way against the last generated text kept under
    /// `.teamflow-generated/`: a clean merge is written (`merged`), a conflict is written with
    /// markers and exits 1, `--check` says `would merge` / `would conflict`, `--force` takes the
    /// new text. Both `generate` and `generate graph`.
    func testHandEditsMergeConflictsFailAndForceTakesTheNewText() throws {
        let ws = try workspace()
        try Self.before.write(toFile: ws.path + "/graph.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App").code, 0)
        XCTAssertTrue(FileManager.default.fileExists(
            atPath: ws.path + "/App/.teamflow-generated/Connection/ConnectionCoordinator.swift.generated"))
        let kept = ws.path + "/App/.teamflow-generated/Connection/ConnectionCoordinator+Flow.swift.generated"
        XCTAssertFalse(FileManager.default.fileExists(atPath: kept), "a user file has no last generated text")

        // A hand edit at the end; the manifest change adds a route in the middle: merges cleanly.
        _ = try append(ws, "App/Connection/ConnectionCoordinator.swift", "// mine\n")
        try Self.before.replacingOccurrences(of: "Connection: {needs", with: "Connection: {children: [Settings], needs")
            .write(toFile: ws.path + "/graph.yaml", atomically: true, encoding: .utf8)
        let check = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check")
        XCTAssertEqual(check.code, 1)
        XCTAssertTrue(check.stdout.contains("would merge  Connection/ConnectionCoordinator.swift\n"), check.stdout)
        let merged = try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App")
        XCTAssertEqual(merged.code, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("merged     Connection/ConnectionCoordinator.swift  (your edits merged into the new generated text)\n"),
                      merged.stdout)
        let coordinator = try text(ws, "App/Connection/ConnectionCoordinator.swift")
        XCTAssertTrue(coordinator.hasSuffix("// mine\n"), coordinator)
        XCTAssertTrue(coordinator.contains("let settingsContainable: SettingsContainable"), "the new child is there too: \(coordinator)")
        XCTAssertEqual(try ws.teamflow("generate", "graph", "graph.yaml", "--out", "App", "--check").code, 0,
                       "the merged file is up to date: its edits stay")

        // An edit of a line the generator changes too: conflict markers, exit 1.
        let generate = ["generate", "coordinator", "Connection", "--out", "Solo"]
        XCTAssertEqual(try CLI.run(generate + ["--set", "dependencies=a: A"], in: ws.path).code, 0)
        let container = "Solo/Connection/ConnectionContainer.swift"
        let edited = try text(ws, container).replacingOccurrences(of: "    var a: A { get }", with: "    var a: A { get } // read-only")
        try edited.write(toFile: ws.path + "/" + container, atomically: true, encoding: .utf8)
        let changed = generate + ["--set", "dependencies=a: B"]
        let wouldConflict = try CLI.run(changed + ["--check"], in: ws.path)
        XCTAssertEqual(wouldConflict.code, 1)
        XCTAssertTrue(wouldConflict.stdout.contains("would conflict  Connection/ConnectionContainer.swift\n"), wouldConflict.stdout)
        XCTAssertEqual(try text(ws, container), edited, "--check writes nothing")
        let conflict = try CLI.run(changed, in: ws.path)
        XCTAssertEqual(conflict.code, 1, conflict.stdout)
        XCTAssertTrue(conflict.stderr.contains("1 file(s) have conflicts between your edits and the new generated text:\n  Connection/ConnectionContainer.swift"),
                      conflict.stderr)
        let marked = try text(ws, container)
        XCTAssertTrue(marked.contains("""
            <<<<<<< yours: Connection/ConnectionContainer.swift
                var a: A { get } // read-only
            =======
                var a: B { get }
            >>>>>>> generated by teamflow
            """), marked)
        let again = try CLI.run(changed, in: ws.path)
        XCTAssertEqual(again.code, 1, "unresolved markers still fail the run")
        XCTAssertTrue(again.stdout.contains("(still holds conflict markers; resolve them)"), again.stdout)
        XCTAssertEqual(try text(ws, container), marked)

        let forced = try CLI.run(changed + ["--force"], in: ws.path)
        XCTAssertEqual(forced.code, 0, forced.stderr)
        let taken = try text(ws, container)
        XCTAssertTrue(taken.contains("    var a: B { get }\n") && !taken.contains("<<<<<<<") && !taken.contains("read-only"), taken)
    }

    func testGenerateCheckAndKeptUserFile() throws {
        let ws = try workspace()
        let args = ["generate", "coordinator", "Connection", "--out", "App"]
        let missing = try CLI.run(args + ["--check"], in: ws.path)
        XCTAssertEqual(missing.code, 1)
        XCTAssertEqual(missing.stdout, """
            create  Connection/ConnectionContainer.swift
            create  Connection/ConnectionCoordinator+Flow.swift
            create  Connection/ConnectionCoordinator.swift

            """)
        XCTAssertEqual(try CLI.run(args, in: ws.path).code, 0)
        XCTAssertEqual(try CLI.run(args + ["--check"], in: ws.path).code, 0)
        let flow = try append(ws, "App/Connection/ConnectionCoordinator+Flow.swift", "// mine\n")
        let again = try CLI.run(args + ["--set", "children=VideoList", "--force"], in: ws.path)
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(again.stdout, """
            unchanged  Connection/ConnectionContainer.swift
            kept       Connection/ConnectionCoordinator+Flow.swift  (your file: created once, never overwritten)
            update     Connection/ConnectionCoordinator.swift
            1 file(s) written.

            """)
        XCTAssertEqual(try text(ws, "App/Connection/ConnectionCoordinator+Flow.swift"), flow)
    }

    func testGraphPrintDrawsTheTreeAndReportsUnreachableNodes() throws {
        let ws = try Workspace(gitInit: false)
        try Self.before.write(toFile: ws.path + "/graph.yaml", atomically: true, encoding: .utf8)
        let printed = try ws.teamflow("generate", "graph", "graph.yaml", "--print")
        XCTAssertEqual(printed.code, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, """
            Main  (root)
            │   provides a: A
            └── Connection
                    needs a: A ← Main's container (parent)

            Not reachable from Main (not generated): Settings

            """)
        XCTAssertEqual(printed.stderr, "warning: node 'Settings' is not reachable from root 'Main'; it is not generated\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ws.path), ["graph.yaml"], "--print writes nothing")
    }
}
