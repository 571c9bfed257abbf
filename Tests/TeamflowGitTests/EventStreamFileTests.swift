import Foundation
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// `export --out` and `import FILE` through the store's file entry points.
final class EventStreamFileTests: XCTestCase {
    func testExportToFileThenImportFromFileRoundTrips() throws {
        let source = try TestRepository()
        _ = try source.addGoal("하나")
        _ = try source.addGoal("둘 🎉")
        let file = source.path + "/backup.yaml"
        try source.store().export(toFile: file, name: "backup.yaml")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), try source.store().exportStream())

        let target = try TestRepository()
        let result = try target.store().importEvents(from: .file(path: file, name: "backup.yaml"),
                                                     author: TestRepository.author, at: "2024-11-20T10:00:00+09:00")
        XCTAssertEqual(result, ImportResult(added: 2, skipped: 0))
        XCTAssertEqual(try target.store().events(), try source.store().events())
        XCTAssertEqual(try target.git("log", "-1", "--format=%s", "refs/teamflow/events"), "import: 2 events from backup.yaml")
    }

    func testExportIntoAMissingFolderFailsAndWritesNothing() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("하나")
        let file = repo.path + "/no-such-folder/backup.yaml"
        XCTAssertThrowsError(try repo.store().export(toFile: file, name: "no-such-folder/backup.yaml")) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .failure)
            XCTAssertTrue("\(error)".contains("cannot write no-such-folder/backup.yaml"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
    }

    func testImportOfAnUnreadableFileSaysWhichAndAppendsNothing() throws {
        let repo = try TestRepository()
        XCTAssertThrowsError(try repo.store().importEvents(from: .file(path: repo.path + "/missing.yaml", name: "missing.yaml"),
                                                           author: nil, at: "2024-11-20T10:00:00Z")) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .failure)
            XCTAssertTrue("\(error)".contains("cannot read missing.yaml"), "\(error)")
        }
        XCTAssertNil(try repo.store().tipHash())
    }

    /// The streamed export hands over whole lines and says exactly what the whole-string one
    /// says, also where the history must be read whole (a file outside the canonical layout).
    func testTheStreamedExportEqualsTheWholeOne() throws {
        let repo = try TestRepository()
        for title in ["하나", "둘 🎉", "셋"] { _ = try repo.addGoal(title) }
        var pieces: [String] = []
        try repo.store().exportStream { pieces.append($0) }
        XCTAssertTrue(pieces.allSatisfy { $0.hasSuffix("\n") })
        XCTAssertEqual(pieces.joined(), try repo.store().exportStream())
        XCTAssertEqual(pieces.joined().components(separatedBy: "---\n").count, 4)

        let text = try repo.git("cat-file", "-p", "refs/teamflow/events:" + TreeLayout.path(of: try XCTUnwrap(try repo.store().events().first).id))
        try repo.plant(path: "events/stray/elsewhere.yaml", text: text)
        pieces = []
        try repo.store().exportStream { pieces.append($0) }
        XCTAssertEqual(pieces.joined(), try repo.store().exportStream())
    }
}
