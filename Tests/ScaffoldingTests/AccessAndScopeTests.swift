import Foundation
import Templates
import XCTest
@testable import Scaffolding

/// `access` (public | internal) on every built-in and in the graph manifest; `shared` /
/// `factory` provisions; the manifest's `choices`.
final class AccessAndScopeTests: XCTestCase {
    private let outDir = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")

    func testEveryBuiltInTakesAccessPublicByDefault() throws {
        let catalog = try TemplateCatalog()
        for name in catalog.names {
            let access = try XCTUnwrap(try catalog.template(named: name).manifest.variable(named: "access"), name)
            XCTAssertEqual(access.choices, ["public", "internal"], name)
            XCTAssertEqual(access.defaultValue, .string("public"), name)
        }
    }

    func testInternalAccessLeavesNoPublicDeclaration() throws {
        let generator = Generator(catalog: try TemplateCatalog())
        let values: [String: TemplateValue] = ["dependencies": ["store: SettingsStore"], "children": ["Profile"], "access": "internal"]
        let files = try generator.plan(template: "coordinator", name: "Settings", values: values, outDir: outDir)
            + generator.plan(template: "coordinator-core", values: ["access": "internal"], outDir: outDir)
            + generator.plan(template: "feature", name: "Profile", values: ["access": "internal"], outDir: outDir)
        for file in files {
            XCTAssertFalse(file.contents.contains("public "), file.path)
            XCTAssertFalse(file.contents.contains("open "), file.path)
        }
        let core = try XCTUnwrap(files.first { $0.path == "Coordinator.swift" }).contents
        XCTAssertTrue(core.contains("internal class Coordinator: Coordinatable {"), core)
        let publicCore = try generator.plan(template: "coordinator-core", outDir: outDir)
        XCTAssertTrue(try XCTUnwrap(publicCore.first { $0.path == "Coordinator.swift" }).contents.contains("open class Coordinator: Coordinatable {"))
    }

    func testAccessOutsideItsChoicesIsRefused() throws {
        let generator = Generator(catalog: try TemplateCatalog())
        XCTAssertThrowsError(try generator.plan(template: "coordinator", name: "Settings", values: ["access": "private"], outDir: outDir)) { error in
            XCTAssertEqual(error as? ScaffoldingError,
                           .invalidValue(variable: "access", value: "private", expected: "one of public, internal"))
        }
    }

    func testChoicesMustBeStringsOfAStringVariable() {
        let yaml = "variables:\n  - name: flag\n    type: bool\n    choices: [a]\n"
        XCTAssertThrowsError(try TemplateManifest(yaml: yaml, folderName: "x", file: "x/template.yaml"))
    }

    func testProvisionScopeIsWrittenFirstOrInferred() throws {
        let manifest = try GraphManifest(yaml: """
            root: Main
            access: internal
            nodes:
              Main:
                provides:
                  - "player: Player = AVPlayer()"
                  - "factory clock: TimeSource = SystemTime()"
                  - "connectionViewModel: ConnectionViewModel = ConnectionViewModel()"
                  - "shared settingsViewModel: SettingsViewModel = SettingsViewModel()"
                  - "factory broken"
            """, file: "graph.yaml")
        XCTAssertEqual(manifest.access, "internal")
        XCTAssertEqual(manifest.nodes.first?.provides.map(\.scope), [.shared, .factory, .factory, .shared])
        XCTAssertEqual(manifest.nodes.first?.provides.map(\.name), ["player", "clock", "connectionViewModel", "settingsViewModel"])
        XCTAssertEqual(manifest.problems, ["Main: provision 'factory broken' must be written `[shared|factory] name: Type = expression`"])
        let bad = try GraphManifest(yaml: "root: Main\naccess: open\nnodes:\n  Main: {}\n", file: "graph.yaml")
        XCTAssertEqual(bad.problems, ["access 'open' must be public or internal"])
    }

    /// A repository's `coordinator` override written before `access` existed still generates.
    func testGraphWithAnOverrideWithoutAccessStillGenerates() throws {
        let repo = try makeTemporaryFolder("access-override")
        defer { try? FileManager.default.removeItem(at: repo) }
        let folder = repo.appendingPathComponent(".teamflow/templates/coordinator")
        try write("""
            name: coordinator
            variables:
              - {name: name, required: true}
              - {name: dependencies, type: list, items: declaration}
              - {name: passThrough, type: list, items: declaration}
              - {name: children, type: list, items: name}
              - {name: viewModel, type: bool}
              - {name: viewController, type: bool}
              - {name: wiredChildren, type: bool}
              - {name: imports, type: list}
            """, to: folder.appendingPathComponent("template.yaml"))
        try write("final class {{ name }}Node {}\n", to: folder.appendingPathComponent("{{ name }}.swift"))
        let graph = GraphGenerator(catalog: try TemplateCatalog(repositoryRoot: repo))
        let (files, _) = try graph.plan(try GraphManifest(yaml: "root: Main\naccess: internal\nnodes:\n  Main: {}\n", file: "g.yaml"),
                                        outDir: repo.appendingPathComponent("out"))
        XCTAssertEqual(files.map(\.path), ["Main.swift", "Main/MainContainer+Graph.swift"])
        XCTAssertTrue(try XCTUnwrap(files.last).planned.contents.contains("internal final class MainRoot"))
    }
}
