import XCTest
@testable import TeamflowGit

final class TreeLayoutTests: XCTestCase {
    func testCanonicalPaths() {
        let id = "3f2a9c0d1e"
        XCTAssertTrue(TreeLayout.isCanonical(TreeLayout.path(of: id)))
        XCTAssertTrue(TreeLayout.isCanonical("events/3/f2/\(id).yaml"))
        XCTAssertTrue(TreeLayout.isCanonical("events/3f/\(id).yaml"), "the two-character layout of older histories")
        XCTAssertTrue(TreeLayout.isCanonical("events/a/_/ab.yaml"), "ids shorter than three characters")
        for path in ["events/3/f3/\(id).yaml", "events/3a/\(id).yaml", "events/\(id).yaml", "event/3/f2/\(id).yaml",
                     "events/3/f2/\(id).yml", "events/3/f2/x/\(id).yaml", "events/3/f2/", "events", "", "/events/3f/\(id).yaml",
                     "events/3/f2/.yaml", "events/3/f2/yaml"] {
            XCTAssertFalse(TreeLayout.isCanonical(path), path)
        }
        // Not ASCII: decided on characters, as before.
        XCTAssertTrue(TreeLayout.isCanonical("events/é/xy/éxy1.yaml"))
        XCTAssertTrue(TreeLayout.isCanonical("events/éx/éx1.yaml"))
        XCTAssertFalse(TreeLayout.isCanonical("events/e/xy/éxy1.yaml"))
    }
}
