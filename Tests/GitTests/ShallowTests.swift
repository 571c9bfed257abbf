import Foundation
import XCTest
@testable import Git

/// Telling a history fetched with `--depth` from a corrupt one.
final class ShallowTests: XCTestCase {
    func testADepthOneCloneStopsAtItsTipAndACompleteOneNowhere() throws {
        let fixture = try GitFixture()
        let origin = try fixture.makeRepository("origin")
        for message in ["second", "third"] {
            try fixture.git(["commit", "-q", "--allow-empty", "-m", message], in: origin)
        }
        let full = try Repository.open(at: origin)
        let tip = try XCTUnwrap(try full.resolveReference("refs/heads/main"))
        XCTAssertEqual(full.shallowCommits(), [])
        XCTAssertNil(try full.shallowBoundary(reachableFrom: [tip]))

        try fixture.git(["clone", "-q", "--depth", "1", "file://" + origin, fixture.path("shallow")], in: fixture.root)
        let shallow = try Repository.open(at: fixture.path("shallow"))
        XCTAssertEqual(shallow.shallowCommits(), [tip])
        XCTAssertEqual(try shallow.shallowBoundary(reachableFrom: [tip]), tip)
        // A commit on top still reaches the boundary; a history beside it does not.
        let tree = try shallow.writeTree([])
        let child = try shallow.writeCommit(tree: tree, parents: [tip], author: Fixed.signature(at: 500),
                                            committer: Fixed.signature(at: 500), message: "child\n")
        let lonely = try shallow.writeCommit(tree: tree, parents: [], author: Fixed.signature(at: 600),
                                             committer: Fixed.signature(at: 600), message: "lonely\n")
        XCTAssertEqual(try shallow.shallowBoundary(reachableFrom: [lonely, child]), tip)
        XCTAssertNil(try shallow.shallowBoundary(reachableFrom: [lonely]))
    }
}
