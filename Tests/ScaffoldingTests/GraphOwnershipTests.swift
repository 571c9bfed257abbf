import Foundation
import XCTest
@testable import Scaffolding

/// `generate graph` with a template that has user files: edit the user file and generated files,
/// add a child, regenerate.
final class GraphOwnershipTests: XCTestCase {
    private var root: URL!
    private var out: URL!
    private var graph: GraphGenerator!

    override func setUpWithError() throws {
        root = try makeTemporaryFolder("graph-ownership")
        out = root.appendingPathComponent("Sources")
        graph = GraphGenerator(catalog: try OwnershipFixture.catalog(installedIn: root))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    static let before = """
        root: Main
        nodes:
          Main:
            children: [Connection]
            provides: ["a: A = A()"]
          Connection:
            needs: ["a: A"]
          Settings: {}
        """
    static let after = before.replacingOccurrences(of: "    needs: [\"a: A\"]\n", with: "    needs: [\"a: A\"]\n    children: [Settings]\n")

    private func plan(_ yaml: String) throws -> [GraphFile] {
        try graph.plan(try GraphManifest(yaml: yaml, file: "graph.yaml"), outDir: out).files
    }

    private func actions(_ files: [GraphFile]) -> [String: GraphFile.Action] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.action) })
    }

    private func edit(_ path: String, _ change: (String) -> String) throws -> String {
        let url = out.appendingPathComponent(path)
        let text = change(try read(url))
        try write(text, to: url)
        return text
    }

    func testAddingAChildKeepsTheUserFileAndRefusesOnlyTheEditedChangedFile() throws {
        XCTAssertEqual(Set(try graph.write(try plan(Self.before), force: false).map(\.action)), [.create])
        // Without the last generated text (files generated before teamflow kept it under
        // .teamflow-generated/) an edit cannot be merged: the refusal below still applies.
        try FileManager.default.removeItem(at: out.appendingPathComponent(".teamflow-generated"))
        let flow = try edit("Connection/ConnectionCoordinator+Flow.swift") { $0 + "// my routes\n" }
        let coordinator = try edit("Connection/ConnectionCoordinator.swift") { $0 + "// mine\n" }
        let mainContainer = try edit("Main/MainContainer.swift") { $0 + "// mine too\n" }

        let planned = try plan(Self.after)
        XCTAssertEqual(actions(planned).filter { $0.value != .unchanged }, [
            "Connection/ConnectionContainer+Graph.swift": .update,
            "Connection/ConnectionCoordinator+Flow.swift": .kept,
            "Connection/ConnectionCoordinator.swift": .edited,
            "Main/MainContainer.swift": .kept,
            "Main/MainCoordinator+Flow.swift": .kept,
            "Settings/SettingsContainer+Graph.swift": .create,
            "Settings/SettingsContainer.swift": .create,
            "Settings/SettingsCoordinator+Flow.swift": .create,
            "Settings/SettingsCoordinator.swift": .create,
        ])
        XCTAssertEqual(actions(planned)["Main/MainContainer+Graph.swift"], .unchanged, "unchanged generated files are no conflict")

        XCTAssertThrowsError(try graph.write(planned, force: false)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .wouldOverwrite(paths: ["Connection/ConnectionCoordinator.swift"]))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("Settings").path), "nothing written")
        XCTAssertEqual(try read(out.appendingPathComponent("Connection/ConnectionCoordinator.swift")), coordinator)

        try graph.write(planned, force: true)
        XCTAssertEqual(try read(out.appendingPathComponent("Connection/ConnectionCoordinator+Flow.swift")), flow)
        XCTAssertEqual(try read(out.appendingPathComponent("Main/MainContainer.swift")), mainContainer)
        let regenerated = try read(out.appendingPathComponent("Connection/ConnectionCoordinator.swift"))
        XCTAssertTrue(regenerated.contains("let settingsContainable: SettingsContainable"), regenerated)
        XCTAssertFalse(regenerated.contains("// mine"))
        XCTAssertEqual(try plan(Self.after).filter(\.action.changesFile).map(\.path), [], "up to date: --check passes")
    }

    func testUserFilesAreNeverReportedAsStale() throws {
        try graph.write(try plan(Self.after), force: false)
        let (_, warnings) = try graph.plan(try GraphManifest(yaml: Self.before, file: "graph.yaml"), outDir: out)
        let stale = warnings.filter { $0.contains("no longer produces it") }.map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(stale, [
            "Settings/SettingsContainer+Graph.swift", "Settings/SettingsContainer.swift", "Settings/SettingsCoordinator.swift",
        ], "the +Flow file is the user's")
    }
}
