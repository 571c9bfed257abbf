import Foundation
import XCTest
@testable import Git

final class HistoryTests: XCTestCase {
    /// root - a1 - a2 (main) and root - b1 (side), then merge m = a2 + b1.
    private struct Graph {
        let repository: Repository
        let root, a1, a2, b1, merge: ObjectID
    }

    private func makeGraph(_ fixture: GitFixture) throws -> Graph {
        let repository = try Repository.open(at: try fixture.makeRepository())
        let tree = try repository.writeTree([])
        func commit(_ message: String, _ parents: [ObjectID], _ time: Int64) throws -> ObjectID {
            try repository.writeCommit(
                tree: tree, parents: parents, author: Fixed.signature(at: time),
                committer: Fixed.signature(at: time), message: message)
        }
        let root = try commit("root", [], 100)
        let a1 = try commit("a1", [root], 200)
        let b1 = try commit("b1", [root], 250)
        let a2 = try commit("a2", [a1], 300)
        let merge = try commit("merge", [a2, b1], 400)
        return Graph(repository: repository, root: root, a1: a1, a2: a2, b1: b1, merge: merge)
    }

    func testAncestryAndMergeBase() throws {
        let fixture = try GitFixture()
        let g = try makeGraph(fixture)
        XCTAssertTrue(try g.repository.isAncestor(g.root, of: g.a2))
        XCTAssertTrue(try g.repository.isAncestor(g.a2, of: g.a2))
        XCTAssertFalse(try g.repository.isAncestor(g.a2, of: g.root))
        XCTAssertFalse(try g.repository.isAncestor(g.b1, of: g.a2))
        XCTAssertTrue(try g.repository.isAncestor(g.b1, of: g.merge))
        XCTAssertEqual(try g.repository.mergeBase(g.a2, g.b1), g.root)
        XCTAssertEqual(try g.repository.mergeBase(g.a1, g.a2), g.a1)
        // Unrelated histories have no merge base.
        let tree = try g.repository.writeTree([])
        let lonely = try g.repository.writeCommit(
            tree: tree, parents: [], author: Fixed.alice, committer: Fixed.alice, message: "lonely")
        XCTAssertNil(try g.repository.mergeBase(lonely, g.a2))
    }

    func testLogMatchesGit() throws {
        let fixture = try GitFixture()
        let g = try makeGraph(fixture)
        let dir = try XCTUnwrap(g.repository.workingDirectory)
        let ours = try g.repository.log(from: g.merge).map(\.id.hex)
        let theirs = try fixture.git(["rev-list", "--date-order", g.merge.hex], in: dir).split(separator: "\n").map(String.init)
        XCTAssertEqual(ours, theirs)
        XCTAssertEqual(ours.first, g.merge.hex)
        XCTAssertEqual(ours.last, g.root.hex)
        let limited = try g.repository.log(from: g.merge, limit: 2)
        XCTAssertEqual(limited.map(\.id.hex), Array(ours.prefix(2)))
        XCTAssertEqual(limited.first?.parents, [g.a2, g.b1])
    }

    func testCommitsBetweenOldestFirst() throws {
        let fixture = try GitFixture()
        let g = try makeGraph(fixture)
        XCTAssertEqual(try g.repository.commitsBetween(from: g.a2, excluding: g.root), [g.a1, g.a2])
        XCTAssertEqual(try g.repository.commitsBetween(from: g.a2, excluding: g.a2), [])
        let sinceA1 = try g.repository.commitsBetween(from: g.merge, excluding: g.a1)
        XCTAssertEqual(Set(sinceA1), [g.a2, g.b1, g.merge])
        XCTAssertEqual(sinceA1.last, g.merge)
        // Parents always come before their children.
        for (index, id) in sinceA1.enumerated() {
            let parents = try g.repository.readCommit(id).parents
            for parent in parents {
                if let position = sinceA1.firstIndex(of: parent) { XCTAssertLessThan(position, index) }
            }
        }
    }
}
