import Foundation
import TeamflowCore
import XCTest
@testable import Site

/// Writing into a shared folder: only owned files change, stale ones go, nothing is written
/// or removed through a symbolic link, and a file in the way stops everything.
final class SiteWriterTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "teamflow-site-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func read(_ path: String) -> String? { try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) }

    func testOwnsOnlyItsFilesAndRemovesOnlyStaleOnes() throws {
        try "mine".write(toFile: folder + "/CNAME", atomically: true, encoding: .utf8)
        let first = try SiteWriter.write([SiteFile(path: "index.html", contents: "a"), SiteFile(path: "old.html", contents: "o"),
                                          SiteFile(path: "charts/velocity.svg", contents: "<svg/>")], to: folder)
        XCTAssertEqual(first.written, ["index.html", "old.html", "charts/velocity.svg"])
        XCTAssertEqual(read(SiteWriter.manifestName), SiteWriter.manifestHeader + "\ncharts/velocity.svg\nindex.html\nold.html\n")

        let again = try SiteWriter.write([SiteFile(path: "index.html", contents: "a"), SiteFile(path: "charts/velocity.svg", contents: "<svg/>")],
                                         to: folder)
        XCTAssertEqual(again.written, [])
        XCTAssertEqual(again.unchanged, ["index.html", "charts/velocity.svg"])
        XCTAssertEqual(again.removed, ["old.html"])
        XCTAssertNil(read("old.html"))
        XCTAssertEqual(read("CNAME"), "mine", "a file the site did not write is never touched")

        // A manifest edited to claim a file the site never wrote cannot reach outside the folder.
        try (SiteWriter.manifestHeader + "\nCNAME\n../outside.html\n/etc/passwd.html\nindex.html\n")
            .write(toFile: folder + "/" + SiteWriter.manifestName, atomically: true, encoding: .utf8)
        XCTAssertEqual(SiteWriter.readManifest(in: folder), ["index.html"])
    }

    func testRefusesSymbolicLinksInsideTheFolder() throws {
        let outside = NSTemporaryDirectory() + "teamflow-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/charts", withDestinationPath: outside)
        assertError(try SiteWriter.write([SiteFile(path: "charts/velocity.svg", contents: "x")], to: folder), contains: "symbolic link")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])

        try FileManager.default.removeItem(atPath: folder + "/charts")
        try "secret".write(toFile: outside + "/target.html", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/index.html", withDestinationPath: outside + "/target.html")
        assertError(try SiteWriter.write([SiteFile(path: "index.html", contents: "x")], to: folder), contains: "symbolic link")
        XCTAssertEqual(try String(contentsOfFile: outside + "/target.html", encoding: .utf8), "secret")
    }

    func testAFolderInTheWayStopsTheWholeExport() throws {
        try FileManager.default.createDirectory(atPath: folder + "/review-1.html", withIntermediateDirectories: false)
        assertError(try SiteWriter.write([SiteFile(path: "index.html", contents: "x"), SiteFile(path: "review-1.html", contents: "y")], to: folder),
                    contains: "review-1.html is a folder")
        XCTAssertNil(read("index.html"), "nothing half-written")
        assertError(try SiteWriter.write([SiteFile(path: "../x.html", contents: "x")], to: folder), contains: "outside the output folder")
    }

    func testExportingTheScenarioTwiceChangesNothing() throws {
        let files = try SiteRenderTests.site()
        let first = try SiteWriter.write(files, to: folder)
        XCTAssertEqual(first.written.count, files.count)
        let second = try SiteWriter.write(files, to: folder)
        XCTAssertEqual(second.written, [])
        XCTAssertEqual(second.unchanged.count, files.count)
    }

    private func assertError(_ body: @autoclosure () throws -> SiteWriteReport, contains text: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(text), "\(error)", file: file, line: line)
        }
    }
}
