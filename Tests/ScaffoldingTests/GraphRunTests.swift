import Foundation
import XCTest
@testable import Scaffolding

/// `GraphGenerator.run`: `generate graph` without the executable.
final class GraphRunTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try makeTemporaryFolder("graph-run")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ manifest: String?, dryRun: Bool = false) throws -> GraphOutcome {
        try GraphGenerator.run(manifest: manifest, in: root.path, repositoryRoot: root, catalog: try TemplateCatalog(),
                               outDir: root.appendingPathComponent("Sources"), dryRun: dryRun, force: false)
    }

    func testDefaultManifestIsReadFromTheRepositoryAndDryRunWritesNothing() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".teamflow"), withIntermediateDirectories: true)
        try "root: Main\nnodes:\n  Main: {}\n".write(to: root.appendingPathComponent(".teamflow/graph.yaml"), atomically: true, encoding: .utf8)
        let planned = try run(nil, dryRun: true)
        XCTAssertFalse(planned.files.isEmpty)
        XCTAssertTrue(planned.files.allSatisfy { $0.action == .create })
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path))
        let written = try run(nil)
        XCTAssertEqual(written.files.map(\.path), planned.files.map(\.path))
        XCTAssertTrue(written.files.allSatisfy { $0.action == .create })
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path), "the tree was written")
        XCTAssertTrue(try run(nil, dryRun: true).files.allSatisfy { $0.action == .unchanged || $0.action == .kept }, "a rerun changes nothing (the user file is kept)")
    }

    func testMissingManifestIsAManifestErrorBeforeTheCatalogIsOpened() {
        XCTAssertThrowsError(try GraphGenerator.run(manifest: "nope.yaml", in: root.path, repositoryRoot: root,
                                                    catalog: try { throw GraphManifestError(message: "catalog opened", hints: []) }(),
                                                    outDir: root, dryRun: true, force: false)) { error in
            XCTAssertEqual((error as? GraphManifestError)?.message, "cannot read the graph manifest '\(root.path)/nope.yaml'")
        }
    }

    func testInvalidManifestFailsValidationAndWritesNothing() throws {
        try "root: Main\nnodes:\n  Main:\n    children: [Ghost]\n".write(to: root.appendingPathComponent("g.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try run("g.yaml")) { error in
            XCTAssertFalse((error as? GraphGenerator.ValidationFailed)?.errors.isEmpty ?? true, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path))
    }
}
