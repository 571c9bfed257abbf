import Foundation
import XCTest
@testable import Git

final class ObjectTests: XCTestCase {
    func testObjectIDHex() throws {
        let hex = "0123456789abcdef0123456789abcdef01234567"
        let id = try XCTUnwrap(ObjectID(hex: hex.uppercased()))
        XCTAssertEqual(id.hex, hex)
        XCTAssertEqual(id.description, hex)
        XCTAssertEqual(id.raw.count, 20)
        XCTAssertEqual(id.raw.first, 0x01)
        XCTAssertEqual(ObjectID(raw: id.raw), id)
        XCTAssertNil(ObjectID(hex: "0123"))
        XCTAssertNil(ObjectID(hex: String(repeating: "g", count: 40)))
        XCTAssertNil(ObjectID(raw: [1, 2, 3]))
    }

    func testBlobRoundTripAgreesWithGit() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let content = bytes("kind: task.created\ntitle: Ship it ✓\n")
        let hashed = try repository.hashBlob(content)
        XCTAssertFalse(repository.contains(hashed))
        let id = try repository.writeBlob(content)
        XCTAssertEqual(id, hashed)
        XCTAssertTrue(repository.contains(id))
        XCTAssertEqual(try fixture.git(["cat-file", "-t", id.hex], in: dir), "blob")
        XCTAssertEqual(try fixture.git(["cat-file", "-p", id.hex], in: dir), "kind: task.created\ntitle: Ship it ✓")
        XCTAssertEqual(try repository.readBlob(id), content)
        // The empty blob has git's well-known id.
        let empty = try repository.writeBlob([])
        XCTAssertEqual(empty.hex, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        XCTAssertEqual(try repository.readBlob(empty), [])
        // Binary content survives.
        let binary: [UInt8] = [0, 255, 10, 0, 13]
        XCTAssertEqual(try repository.readBlob(repository.writeBlob(binary)), binary)
    }

    func testReadBlobErrors() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let missing = try XCTUnwrap(ObjectID(hex: String(repeating: "ab", count: 20)))
        XCTAssertThrowsError(try repository.readBlob(missing)) { error in
            XCTAssertEqual((error as? GitError)?.kind, .notFound)
        }
        let head = try XCTUnwrap(try repository.resolveReference("HEAD"))
        XCTAssertThrowsError(try repository.readBlob(head)) { error in
            XCTAssertEqual((error as? GitError)?.kind, .invalid)
        }
    }

    func testTreeWriteAgreesWithGitAndReadsNested() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let a = try repository.writeBlob(bytes("a\n"))
        let b = try repository.writeBlob(bytes("b\n"))
        let inner = try repository.writeTree([
            TreeEntry(name: "z.yaml", id: b, kind: .blob),
            TreeEntry(name: "run.sh", id: a, kind: .executable),
        ])
        // Entries in any order; "events" (a tree) sorts as "events/" after "events.md".
        let outer = try repository.writeTree([
            TreeEntry(name: "events", id: inner, kind: .tree),
            TreeEntry(name: "link", id: a, kind: .link),
            TreeEntry(name: "events.md", id: a, kind: .blob),
        ])
        let listing = try fixture.git(["cat-file", "-p", outer.hex], in: dir)
        XCTAssertEqual(listing, """
            100644 blob \(a.hex)\tevents.md
            040000 tree \(inner.hex)\tevents
            120000 blob \(a.hex)\tlink
            """)
        let lsTree = try fixture.git(["ls-tree", "-r", "--name-only", outer.hex], in: dir)
        XCTAssertEqual(lsTree, "events.md\nevents/run.sh\nevents/z.yaml\nlink")

        let read = try repository.readTree(outer)
        XCTAssertEqual(read.map(\.name), ["events.md", "events", "link"])
        XCTAssertEqual(read[1], TreeEntry(name: "events", id: inner, kind: .tree))
        XCTAssertEqual(try repository.readTree(read[1].id), [
            TreeEntry(name: "run.sh", id: a, kind: .executable),
            TreeEntry(name: "z.yaml", id: b, kind: .blob),
        ])
        // A tree written by git reads back the same way.
        let gitTree = try XCTUnwrap(ObjectID(hex: try fixture.git(["rev-parse", "HEAD^{tree}"], in: dir)))
        let top = try repository.readTree(gitTree)
        XCTAssertEqual(top.map(\.name), ["docs"])
        XCTAssertEqual(try repository.readTree(top[0].id).map(\.name), ["README"])
        XCTAssertEqual(try repository.writeTree([]).hex, "4b825dc642cb6eb9a060e54bf8d69288fbee4904")

        // The visitor sees what readTree returns, names as bytes (a Korean name included).
        let korean = try repository.writeTree([TreeEntry(name: "회고.yaml", id: a, kind: .blob), TreeEntry(name: "sub", id: inner, kind: .tree)])
        for tree in [outer, inner, korean, gitTree] {
            var visited: [TreeEntry] = []
            try repository.forEachEntry(ofTree: tree) { name, id, kind in
                visited.append(TreeEntry(name: String(decoding: name, as: UTF8.self), id: id, kind: kind))
            }
            XCTAssertEqual(visited, try repository.readTree(tree))
        }
        XCTAssertThrowsError(try repository.forEachEntry(ofTree: a) { _, _, _ in XCTFail("a blob is no tree") })
    }

    func testTreeRejectsBadEntries() throws {
        let fixture = try GitFixture()
        let repository = try Repository.open(at: try fixture.makeRepository())
        let a = try repository.writeBlob(bytes("a"))
        XCTAssertThrowsError(try repository.writeTree([
            TreeEntry(name: "x", id: a, kind: .blob), TreeEntry(name: "x", id: a, kind: .blob),
        ])) { XCTAssertEqual(($0 as? GitError)?.kind, .exists) }
        for bad in ["", "a/b", "..", ".git"] {
            XCTAssertThrowsError(try repository.writeTree([TreeEntry(name: bad, id: a, kind: .blob)]), "name '\(bad)'")
        }
        // Entries are not looked up (that check cost ~450 lookups per append): a tree may name
        // an object that is not there, as `git mktree --missing` allows.
        let missing = try XCTUnwrap(ObjectID(hex: String(repeating: "cd", count: 20)))
        let tree = try repository.writeTree([TreeEntry(name: "m", id: missing, kind: .blob)])
        XCTAssertEqual(try repository.readTree(tree).map(\.id), [missing])
    }

    func testCommitWriteAgreesWithGit() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let head = try XCTUnwrap(try repository.resolveReference("refs/heads/main"))
        let blob = try repository.writeBlob(bytes("event\n"))
        let tree = try repository.writeTree([TreeEntry(name: "e.yaml", id: blob, kind: .blob)])
        let id = try repository.writeCommit(
            tree: tree, parents: [head], author: Fixed.alice, committer: Fixed.bob, message: "Add event\n\nBody line\n")
        XCTAssertEqual(try repository.resolveReference("refs/heads/main"), head, "writeCommit moves no ref")
        let text = try fixture.git(["cat-file", "-p", id.hex], in: dir)
        XCTAssertEqual(text, """
            tree \(tree.hex)
            parent \(head.hex)
            author Alice <alice@example.com> 1700000000 +0100
            committer Bob <bob@example.com> 1700000100 -0500

            Add event

            Body line
            """)
        let commit = try repository.readCommit(id)
        XCTAssertEqual(commit, Commit(
            id: id, tree: tree, parents: [head], author: Fixed.alice, committer: Fixed.bob,
            message: "Add event\n\nBody line\n"))
        // A commit made by git reads back.
        let first = try repository.readCommit(head)
        XCTAssertEqual(first.message, "first\n")
        XCTAssertEqual(first.author.name, "Fixture")
        XCTAssertEqual(first.author.time, 1_700_000_000)
        XCTAssertEqual(first.parents, [])
        XCTAssertThrowsError(try repository.readCommit(tree)) { XCTAssertEqual(($0 as? GitError)?.kind, .notFound) }
        let badName = Signature(name: "Eve <evil>", email: "e@x", time: 0)
        XCTAssertThrowsError(try repository.writeCommit(
            tree: tree, parents: [], author: badName, committer: Fixed.bob, message: "x"))
        try fixture.git(["fsck", "--strict", "--no-dangling"], in: dir)
    }
    /// The bytes `writeRawCommit` hands back are the object git stores; `RawCommit` believes
    /// bytes only when they hash to the id, and reads the parents from them.
    func testRawCommitsAreTheStoredBytesAndProveTheirParents() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let head = try XCTUnwrap(try repository.resolveReference("refs/heads/main"))
        let tree = try repository.readCommit(head).tree
        let child = try repository.writeRawCommit(tree: tree, parents: [head], author: Fixed.alice, committer: Fixed.bob, message: "child\n")
        let other = try repository.writeRawCommit(tree: tree, parents: [], author: Fixed.alice, committer: Fixed.bob, message: "root\n")
        let merge = try repository.writeRawCommit(tree: tree, parents: [child.id, other.id], author: Fixed.alice, committer: Fixed.bob, message: "merge\n")
        XCTAssertEqual(try fixture.git(["cat-file", "commit", child.id.hex], in: dir) + "\n", String(decoding: child.bytes, as: UTF8.self))
        XCTAssertEqual(try repository.readCommit(merge.id).parents, [child.id, other.id])
        XCTAssertEqual(RawCommit(bytes: child.bytes, id: child.id), child)
        XCTAssertEqual(RawCommit(bytes: child.bytes, id: child.id)?.parents, [head])
        XCTAssertEqual(RawCommit(bytes: other.bytes, id: other.id)?.parents, [])
        XCTAssertEqual(RawCommit(bytes: merge.bytes, id: merge.id)?.parents, [child.id, other.id])
        // Bytes that are not the id's: another commit's, or the same with its parent line rewritten.
        XCTAssertNil(RawCommit(bytes: other.bytes, id: child.id))
        let forged = String(decoding: child.bytes, as: UTF8.self).replacingOccurrences(of: head.hex, with: other.id.hex)
        XCTAssertNil(RawCommit(bytes: Array(forged.utf8), id: child.id))
        XCTAssertNil(RawCommit(bytes: [], id: child.id))
        try fixture.git(["fsck", "--strict", "--no-dangling"], in: dir)
    }
}
