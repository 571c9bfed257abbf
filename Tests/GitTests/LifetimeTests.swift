import Foundation
import XCTest
@testable import Git

final class LifetimeTests: XCTestCase {
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Repositories (and the handles they own) are freed when the last reference goes:
    /// libgit2 keeps a pack file open per repository, so a leaked handle leaks a descriptor.
    func testRepositoriesReleaseTheirHandles() throws {
        let fixture = try GitFixture()
        weak var weakRepository: Repository?
        var paths = [String]()
        var ids = [ObjectID]()
        for index in 0..<12 {
            let path = fixture.path("r\(index).git")
            let repository = try Repository.create(at: path, bare: true)
            ids.append(try repository.withPackedWrites { try repository.writeBlob(bytes("blob \(index)")) })
            paths.append(path)
        }
        let before = try openDescriptors()
        for (path, id) in zip(paths, ids) {
            try {
                let repository = try Repository.open(at: path)
                weakRepository = repository
                XCTAssertEqual(try repository.readBlob(id).isEmpty, false)
                XCTAssertEqual(try repository.readCommitOrNil(), nil)
            }()
            XCTAssertNil(weakRepository, "Repository still alive after its scope")
        }
        XCTAssertEqual(try openDescriptors(), before)
    }
}

extension LifetimeTests {
    /// Every API once, without stock git, so `valgrind --leak-check=full` on this test covers
    /// each handle type (tree builder, commit, revwalk, reference iterator, config, mempack).
    func testEveryOperationWithoutStockGit() throws {
        let fixture = try GitFixture()
        let repository = try Repository.create(at: fixture.path("all"), bare: false)
        try repository.setConfig("teamflow.ref", "refs/teamflow/events")
        XCTAssertEqual(try repository.config("teamflow.ref"), "refs/teamflow/events")
        let blob = try repository.writeBlob(bytes("x"))
        let tree = try repository.writeTree([TreeEntry(name: "x", id: blob, kind: .blob)])
        let first = try repository.writeCommit(
            tree: tree, parents: [], author: Fixed.alice, committer: Fixed.bob, message: "one")
        let second = try repository.withPackedWrites {
            try repository.writeCommit(
                tree: try repository.writeTree([]), parents: [first], author: Fixed.alice,
                committer: Fixed.alice, message: "two")
        }
        try repository.updateReference("refs/teamflow/events", to: first, expecting: nil, message: "one")
        try repository.updateReference("refs/teamflow/events", to: second, expecting: first, message: "two")
        XCTAssertThrowsError(try repository.updateReference("refs/teamflow/events", to: first, expecting: first, message: "x"))
        XCTAssertEqual(try repository.references(withPrefix: "refs/teamflow/").map(\.id), [second])
        XCTAssertEqual(try repository.log(from: second).map(\.message), ["two", "one"])
        XCTAssertEqual(try repository.commitsBetween(from: second, excluding: first), [second])
        XCTAssertEqual(try repository.mergeBase(first, second), first)
        XCTAssertTrue(try repository.isAncestor(first, of: second))
        XCTAssertEqual(try repository.readTree(tree).first?.name, "x")
        XCTAssertEqual(try repository.readCommit(second).parents, [first])
        try repository.deleteReference("refs/teamflow/events", expecting: second)
        XCTAssertNil(try repository.resolveReference("refs/teamflow/events"))
        XCTAssertThrowsError(try repository.readBlob(tree))
    }
}

private extension Repository {
    /// Touches the refdb and config too, so their handles are exercised.
    func readCommitOrNil() throws -> ObjectID? {
        _ = try config("core.bare")
        return try resolveReference("HEAD")
    }
}
