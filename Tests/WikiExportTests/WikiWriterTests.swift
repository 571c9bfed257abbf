import Foundation
import TeamflowCore
import XCTest
@testable import WikiExport

/// Writing into a shared folder: ownership by manifest, no half-written exports.
final class WikiWriterTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try WikiScenario.temporaryFolder() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func testWritesPagesAndManifestThenRewritesOnlyWhatChanged() throws {
        try "mine".write(toFile: folder + "/Notes.md", atomically: true, encoding: .utf8)
        let first = try WikiWriter.write([WikiFile(name: "Home.md", contents: "a\n"), WikiFile(name: "Old.md", contents: "o\n")], to: folder)
        XCTAssertEqual(first.written, ["Home.md", "Old.md"])
        XCTAssertEqual(read(WikiWriter.manifestName)?.split(separator: "\n").dropFirst(), ["Home.md", "Old.md"])

        let second = try WikiWriter.write([WikiFile(name: "Home.md", contents: "a\n"), WikiFile(name: "New.md", contents: "n\n")], to: folder)
        XCTAssertEqual(second.written, ["New.md"])
        XCTAssertEqual(second.unchanged, ["Home.md"])
        XCTAssertEqual(second.removed, ["Old.md"], "an owned page that is gone is removed")
        XCTAssertNil(read("Old.md"))
        XCTAssertEqual(read("Notes.md"), "mine", "files the export does not own are left alone")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("teamflow-tmp") }, [])
    }

    func testFolderInTheWayStopsTheExportWithNothingWritten() throws {
        _ = try WikiWriter.write([WikiFile(name: "Home.md", contents: "old\n")], to: folder)
        try FileManager.default.createDirectory(atPath: folder + "/Week-2024-W47.md", withIntermediateDirectories: false)
        XCTAssertThrowsError(try WikiWriter.write([WikiFile(name: "Home.md", contents: "new\n"),
                                                   WikiFile(name: "Week-2024-W47.md", contents: "w\n")], to: folder)) { error in
            XCTAssertTrue("\(error)".contains("Week-2024-W47.md"), "\(error)")
        }
        XCTAssertEqual(read("Home.md"), "old\n", "nothing half-written")
        XCTAssertEqual(read(WikiWriter.manifestName)?.contains("Week"), false)
    }

    func testOutputPathThatIsAFileIsRefused() throws {
        let file = folder + "/plain"
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try WikiWriter.write([WikiFile(name: "Home.md", contents: "a\n")], to: file))
    }

    func testManifestNamesOutsideTheFolderAreNeverTrusted() throws {
        try "keep".write(toFile: folder + "/Keep.md", atomically: true, encoding: .utf8)
        try "# x\n../escape.md\n.hidden.md\nsub/Page.md\nKeep.txt\n".write(toFile: folder + "/" + WikiWriter.manifestName,
                                                                          atomically: true, encoding: .utf8)
        XCTAssertEqual(WikiWriter.readManifest(in: folder), [])
        let report = try WikiWriter.write([WikiFile(name: "Home.md", contents: "a\n")], to: folder)
        XCTAssertEqual(report.removed, [])
        XCTAssertEqual(read("Keep.md"), "keep")
    }

    func testExportingTheScenarioTwiceGivesIdenticalBytesAndNoRewrites() throws {
        let state = TeamState.derive(from: try WikiScenario.events())
        let files = try WikiExporter().render(state)
        _ = try WikiWriter.write(files, to: folder)
        let again = try WikiWriter.write(try WikiExporter().render(state), to: folder)
        XCTAssertEqual(again.written, [])
        XCTAssertEqual(again.unchanged.count, files.count)
        for file in files { XCTAssertEqual(read(file.name), file.contents) }
    }
}
