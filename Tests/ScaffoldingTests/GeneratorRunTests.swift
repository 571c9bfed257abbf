import Foundation
import XCTest
@testable import Scaffolding

/// `Generator.run`: `generate TEMPLATE [NAME]` without the executable.
final class GeneratorRunTests: XCTestCase {
    private var out: URL!

    override func setUpWithError() throws {
        out = try makeTemporaryFolder("generator-run").appendingPathComponent("out")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: out.deletingLastPathComponent())
    }

    private func run(dryRun: Bool, force: Bool = false, assignments: [String] = []) throws -> [PlannedFile] {
        try Generator(catalog: try TemplateCatalog()).run(template: "viewmodel", name: "Search", assignments: assignments,
                                                          valuesFile: nil, outDir: out, dryRun: dryRun, force: force)
    }

    func testDryRunPlansAndRunWrites() throws {
        XCTAssertEqual(try run(dryRun: true).map(\.action), [.create])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "a dry run writes nothing")
        XCTAssertEqual(try run(dryRun: false).map(\.path), ["SearchViewModel.swift"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("SearchViewModel.swift").path))
        XCTAssertEqual(try run(dryRun: true).map(\.action), [.unchanged])
    }

    func testOtherContentsNeedForce() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try "// mine\n".write(to: out.appendingPathComponent("SearchViewModel.swift"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try run(dryRun: false)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .wouldOverwrite(paths: ["SearchViewModel.swift"]))
        }
        XCTAssertEqual(try run(dryRun: false, force: true).map(\.action), [.overwrite])
    }

    func testUnknownAssignmentIsRejectedBeforeAnythingIsWritten() {
        XCTAssertThrowsError(try run(dryRun: false, assignments: ["nope=1"]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }
}
