import Foundation
import XCTest
@testable import Scaffolding

final class TemplateCatalogTests: XCTestCase {
    private var repo: URL!

    override func setUpWithError() throws {
        repo = try makeTemporaryFolder("catalog")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repo)
    }

    private let builtInNames = ["coordinator", "coordinator-core", "di-container", "feature", "scene-coordinator", "viewmodel"]

    func testEveryBuiltInLoadsWithItsManifest() throws {
        let catalog = try TemplateCatalog()
        XCTAssertEqual(catalog.names, builtInNames)
        let listing = catalog.list()
        XCTAssertEqual(listing.map(\.name), builtInNames)
        XCTAssertTrue(listing.allSatisfy { $0.source == .builtIn && $0.isActive && !$0.description.isEmpty })
        let coordinator = try catalog.template(named: "coordinator")
        XCTAssertEqual(
            coordinator.manifest.variables.map(\.name),
            ["name", "dependencies", "children", "viewModel", "viewController", "passThrough", "wiredChildren", "imports", "access"])
        XCTAssertNil(coordinator.files["template.yaml"], "the manifest is not an output file")
    }

    func testUnknownTemplateListsTheAvailableOnes() throws {
        XCTAssertThrowsError(try TemplateCatalog().template(named: "nope")) { error in
            XCTAssertEqual(error as? ScaffoldingError, .unknownTemplate(name: "nope", available: builtInNames))
        }
    }

    func testRepositoryTemplatesOverrideAndAdd() throws {
        let templates = repo.appendingPathComponent(".teamflow/templates")
        try write("name: viewmodel\ndescription: Team view model\n", to: templates.appendingPathComponent("viewmodel/template.yaml"))
        try write("struct {{ name }} {}\n", to: templates.appendingPathComponent("viewmodel/{{ name }}.swift"))
        try write("description: Extra\nvariables: [{name: name}]\n", to: templates.appendingPathComponent("extra/template.yaml"))
        try write("x", to: templates.appendingPathComponent("extra/x.txt"))

        let catalog = try TemplateCatalog(repositoryRoot: repo)
        XCTAssertEqual(catalog.names, (builtInNames + ["extra"]).sorted())
        let rows = catalog.list().filter { $0.name == "viewmodel" }
        XCTAssertEqual(rows.map(\.source), [
            .repository(path: templates.appendingPathComponent("viewmodel").path), .builtIn,
        ])
        XCTAssertEqual(rows.map(\.isActive), [true, false])
        XCTAssertEqual(try catalog.template(named: "viewmodel").manifest.description, "Team view model")
        XCTAssertEqual(try catalog.template(named: "viewmodel").files, ["{{ name }}.swift": "struct {{ name }} {}\n"])
        XCTAssertEqual(try catalog.template(named: "extra").manifest.variables.map(\.name), ["name"])
    }

    /// `.teamflow/templates/wiki/` holds wiki layout overrides; it broke every `generate` and
    /// `templates list` ("missing template.yaml") in a repository that had one.
    func testTheWikiLayoutFolderIsNotAScaffoldingTemplate() throws {
        let templates = repo.appendingPathComponent(".teamflow/templates")
        try write("# {{ team }}\n", to: templates.appendingPathComponent("wiki/home.md"))
        try write("description: Extra\n", to: templates.appendingPathComponent("extra/template.yaml"))
        let catalog = try TemplateCatalog(repositoryRoot: repo)
        XCTAssertEqual(catalog.names, (builtInNames + ["extra"]).sorted())
    }

    func testBrokenRepositoryManifestIsAClearError() throws {
        try write("variables: [", to: repo.appendingPathComponent(".teamflow/templates/bad/template.yaml"))
        XCTAssertThrowsError(try TemplateCatalog(repositoryRoot: repo)) { error in
            guard case .invalidManifest(let path, _)? = error as? ScaffoldingError else { return XCTFail("\(error)") }
            XCTAssertTrue(path.hasSuffix(".teamflow/templates/bad/template.yaml"))
        }
    }

    func testEjectCopiesTheBuiltInFolderAndRefusesTwice() throws {
        let catalog = try TemplateCatalog(repositoryRoot: repo)
        let folder = try catalog.eject(name: "coordinator", into: repo)
        XCTAssertEqual(folder.path, repo.appendingPathComponent(".teamflow/templates/coordinator").path)
        let builtIn = try catalog.template(named: "coordinator")
        XCTAssertEqual(listFiles(folder), (Array(builtIn.files.keys) + ["template.yaml"]).sorted())
        for (path, contents) in builtIn.files {
            XCTAssertEqual(try read(folder.appendingPathComponent(path)), contents)
        }

        // The ejected copy now wins and loads like any repository template.
        let reloaded = try TemplateCatalog(repositoryRoot: repo)
        XCTAssertEqual(try reloaded.template(named: "coordinator").source, .repository(path: folder.path))
        XCTAssertEqual(try reloaded.template(named: "coordinator").manifest, builtIn.manifest)

        XCTAssertThrowsError(try reloaded.eject(name: "coordinator", into: repo)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .templateAlreadyExists(path: folder.path))
        }
        XCTAssertThrowsError(try reloaded.eject(name: "missing", into: repo))
    }
}
