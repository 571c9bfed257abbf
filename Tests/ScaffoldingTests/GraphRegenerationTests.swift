import XCTest
@testable import Scaffolding

/// Regeneration rules on the built-in templates: unedited generated files are rewritten, edited
/// ones need --force when their generated text changed, files without the header are never
/// touched, and adding a child changes only what it must.
final class GraphRegenerationTests: XCTestCase {
    private var out: URL!
    private var graph: GraphGenerator!

    override func setUpWithError() throws {
        out = try makeTemporaryFolder("graph-regen")
        graph = GraphGenerator(catalog: try TemplateCatalog())
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: out)
    }

    static let before = """
        root: Main
        nodes:
          Main:
            children: [Connection]
            provides: ["browsingUseCase: BrowsingUserUseCaseInterface = BrowsingUserUseCase()"]
          Connection:
            needs: ["browsingUseCase: BrowsingUserUseCaseInterface"]
            viewModel: true
          Settings: {}
        """

    private func generate(_ yaml: String, force: Bool = false) throws -> [String: GraphFile.Action] {
        let (files, _) = try graph.plan(try GraphManifest(yaml: yaml, file: "graph.yaml"), outDir: out)
        let written = try graph.write(files, force: force)
        return Dictionary(uniqueKeysWithValues: written.map { ($0.path, $0.action) })
    }

    func testAddingAChildChangesOnlyWhatItMust() throws {
        let first = try generate(Self.before)
        XCTAssertEqual(Set(first.values), [.create])
        let after = Self.before.replacingOccurrences(of: "    viewModel: true\n", with: "    viewModel: true\n    children: [Settings]\n")
        let second = try generate(after)
        // User files (`+Flow.swift`) already there are `kept`: never written again.
        let changed = second.filter { $0.value != .unchanged && $0.value != .kept }
        XCTAssertEqual(changed, [
            "Connection/ConnectionContainer+Graph.swift": .update,
            "Connection/ConnectionContainer.swift": .update,
            "Connection/ConnectionCoordinator.swift": .update,
            "Settings/SettingsContainer+Graph.swift": .create,
            "Settings/SettingsContainer.swift": .create,
            "Settings/SettingsCoordinator+Flow.swift": .create,
            "Settings/SettingsCoordinator.swift": .create,
        ])
        XCTAssertEqual(second["Main/MainContainer+Graph.swift"], .unchanged)
        XCTAssertEqual(second["Connection/ConnectionViewModel.swift"], .unchanged)
        let wiring = try read(out.appendingPathComponent("Connection/ConnectionContainer+Graph.swift"))
        XCTAssertTrue(wiring.contains("extension ConnectionContainer: SettingsDependency {}"))
        XCTAssertEqual(Set(try generate(after).values), [.unchanged, .kept], "a third run changes nothing")
        XCTAssertEqual(second["Connection/ConnectionCoordinator+Flow.swift"], .kept)
    }

    func testFilesOfARemovedNodeAreReportedNotDeleted() throws {
        let withSettings = Self.before.replacingOccurrences(of: "    viewModel: true\n", with: "    viewModel: true\n    children: [Settings]\n")
        _ = try generate(withSettings)
        try Data("// my own file\n".utf8).write(to: out.appendingPathComponent("Settings/Notes.swift"))
        let (_, warnings) = try graph.plan(try GraphManifest(yaml: Self.before.replacingOccurrences(of: "  Settings: {}\n", with: ""),
                                                             file: "graph.yaml"), outDir: out)
        let stale = warnings.filter { $0.contains("no longer produces it") }
        XCTAssertEqual(stale.map { String($0.prefix { $0 != " " }) }, [
            "Settings/SettingsContainer+Graph.swift", "Settings/SettingsContainer.swift",
            "Settings/SettingsCoordinator.swift",
        ], "the user's +Flow.swift is theirs, never reported")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("Settings/SettingsContainer.swift").path))
    }

    func testEditedFileNeedsForceOnlyWhenItsGeneratedTextChanged() throws {
        _ = try generate(Self.before)
        // Without the last generated text (files generated before teamflow kept it under
        // .teamflow-generated/) an edit cannot be merged: the refusal below still applies.
        try FileManager.default.removeItem(at: out.appendingPathComponent(".teamflow-generated"))
        let wiringFile = out.appendingPathComponent("Main/MainContainer+Graph.swift")
        let wiring = try read(wiringFile) + "// my wiring\n"
        try write(wiring, to: wiringFile)
        let coordinator = out.appendingPathComponent("Main/MainCoordinator.swift")
        let edited = try read(coordinator) + "// my routing\n"
        try write(edited, to: coordinator)
        let userFile = out.appendingPathComponent("Connection/ConnectionViewModel.swift")
        try write("final class ConnectionViewModel { /* mine */ }\n", to: userFile)

        // The provision lives in the wiring, so only the wiring's generated text changes.
        let changed = Self.before.replacingOccurrences(of: "BrowsingUserUseCase()", with: "BrowsingUserUseCase(cache: true)")
        XCTAssertThrowsError(try generate(changed)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .wouldOverwrite(paths: ["Main/MainContainer+Graph.swift"]))
        }
        XCTAssertEqual(try read(wiringFile), wiring, "nothing written after the refusal")

        let forced = try generate(changed, force: true)
        XCTAssertEqual(forced["Main/MainContainer+Graph.swift"], .edited)
        XCTAssertEqual(forced["Main/MainCoordinator.swift"], .kept, "its generated text did not change: the edits stay")
        XCTAssertEqual(forced["Connection/ConnectionViewModel.swift"], .userFile)
        XCTAssertTrue(try read(wiringFile).contains("cache: true"))
        XCTAssertEqual(GeneratedDigest.state(of: try read(wiringFile)), .unedited)
        XCTAssertEqual(try read(coordinator), edited)
        XCTAssertEqual(try read(userFile), "final class ConnectionViewModel { /* mine */ }\n")
    }

    func testDigestDetectsEdits() {
        let stamped = GeneratedDigest.stamped(GeneratedHeader.header(template: "graph") + "struct A {}\n")
        XCTAssertTrue(stamped.hasPrefix("// Generated by teamflow (template: graph)\n// teamflow digest "))
        XCTAssertEqual(GeneratedDigest.state(of: stamped), .unedited)
        XCTAssertEqual(GeneratedDigest.state(of: stamped + "\n"), .edited)
        XCTAssertEqual(GeneratedDigest.state(of: GeneratedHeader.header(template: "graph") + "struct A {}\n"), .edited)
        XCTAssertEqual(GeneratedDigest.state(of: "struct A {}\n"), .userFile)
        XCTAssertEqual(GeneratedDigest.stamped(stamped), stamped, "stamping is idempotent")
    }

    func testUnifiedDiff() {
        XCTAssertEqual(UnifiedDiff.diff(old: "a\nb\nc\n", new: "a\nB\nc\n", path: "X.swift"), """
            --- a/X.swift
            +++ b/X.swift
            @@ -1,3 +1,3 @@
             a
            -b
            +B
             c

            """)
        XCTAssertEqual(UnifiedDiff.diff(old: nil, new: "x\n", path: "N.swift"), "--- /dev/null\n+++ b/N.swift\n@@ -0,0 +1,1 @@\n+x\n")
        XCTAssertEqual(UnifiedDiff.diff(old: "same\n", new: "same\n", path: "S.swift"), "")
    }
}
