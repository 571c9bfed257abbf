import Foundation
import XCTest
@testable import OutputFiles

final class OwnedFolderWriterTests: XCTestCase {
    private var root = ""
    private var folder: String { root + "/out" }
    private let writer = OwnedFolderWriter(manifestName: ".manifest", manifestHeader: "# owned", isOwnable: { !$0.hasPrefix(".") })

    override func setUpWithError() throws {
        root = PathResolution.resolvedAsFarAsExists(NSTemporaryDirectory() + "teamflow-owned-" + UUID().uuidString)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testWritesStagesOutsideTheFolderAndLeavesNoTemporaryFile() throws {
        let report = try writer.write([("index.html", "a"), ("charts/v.svg", "<svg/>")], to: folder)
        XCTAssertEqual(report.written.sorted(), ["charts/v.svg", "index.html"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), [".manifest", "charts", "index.html"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["out"], "the staging folder is gone")
    }

    func testAKilledWriteIsSweptBeforeTheNextOne() throws {
        try FileManager.default.createDirectory(atPath: folder + "/charts", withIntermediateDirectories: true)
        // What a killed process leaves: its sibling staging folder (pid 2^22+1 is never running
        // here: above the default pid_max) and, from older versions, temporary files inside.
        let abandoned = root + "/.out" + StagingArea.marker + "4194305-7"
        try FileManager.default.createDirectory(atPath: abandoned, withIntermediateDirectories: true)
        try "half".write(toFile: abandoned + "/1", atomically: false, encoding: .utf8)
        try "half".write(toFile: folder + "/.index.html.teamflow-tmp", atomically: false, encoding: .utf8)
        try "half".write(toFile: folder + "/charts/.v.svg.teamflow-tmp", atomically: false, encoding: .utf8)
        let live = root + "/.out" + StagingArea.marker + "\(getppid())-1"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        _ = try writer.write([("index.html", "a")], to: folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "a running process's staging folder is left alone")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), [".manifest", "charts", "index.html"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/charts"), [])
    }

    func testTheStagingFolderIsASiblingAndIsRemoved() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let staging = try StagingArea(for: folder)
        XCTAssertEqual((staging.path as NSString).deletingLastPathComponent, root)
        staging.discard()
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
    }

    func testNothingIsWrittenIntoAGitDirectory() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "init", "-q", root]
        try process.run()
        process.waitUntilExit()
        let config = try String(contentsOfFile: root + "/.git/config", encoding: .utf8)
        XCTAssertThrowsError(try writer.write([("index.html", "x")], to: root + "/.git")) { error in
            guard case .refused(.insideGitDirectory)? = error as? OutputWriteError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try writer.write([("index.html", "x")], to: root + "/.GIT/../.git/hooks"))
        XCTAssertThrowsError(try writer.write([("ok.html", "x"), (".git/config", "evil")], to: root)) { error in
            XCTAssertEqual(error as? OutputWriteError, .refused(.gitComponent(path: ".git/config")))
        }
        XCTAssertThrowsError(try writer.write([("ok.html", "x"), ("sub/.Git/config", "evil")], to: root))
        XCTAssertEqual(try String(contentsOfFile: root + "/.git/config", encoding: .utf8), config)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/ok.html"), "checked before the first write")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/.git/index.html"))
    }
}
