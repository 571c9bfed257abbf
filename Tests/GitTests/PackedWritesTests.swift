import Foundation
import XCTest
@testable import Git

final class PackedWritesTests: XCTestCase {
    /// Parses `git count-objects -v` into a dictionary.
    private func countObjects(_ fixture: GitFixture, _ dir: String) throws -> [String: Int] {
        var counts = [String: Int]()
        for line in try fixture.git(["count-objects", "-v"], in: dir).split(separator: "\n") {
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Int(parts[1]) { counts[parts[0]] = value }
        }
        return counts
    }

    func testWritesLandInOnePack() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let before = try countObjects(fixture, dir)
        let repository = try Repository.open(at: dir)
        let head = try XCTUnwrap(try repository.resolveReference("HEAD"))
        let (tip, blobs) = try repository.withPackedWrites { () throws -> (ObjectID, [ObjectID]) in
            var blobs = [ObjectID]()
            var entries = [TreeEntry]()
            for index in 0..<200 {
                let id = try repository.writeBlob(bytes("event \(index)\nkind: note\n"))
                blobs.append(id)
                entries.append(TreeEntry(name: "e\(index).yaml", id: id, kind: .blob))
            }
            // Reads inside the batch see the in-memory objects.
            XCTAssertEqual(try repository.readBlob(blobs[7]), bytes("event 7\nkind: note\n"))
            let tree = try repository.writeTree(entries)
            XCTAssertEqual(try repository.readTree(tree).count, 200)
            let tip = try repository.writeCommit(
                tree: tree, parents: [head], author: Fixed.alice, committer: Fixed.alice, message: "import")
            // Refs cannot point at objects that are not on disk yet.
            XCTAssertThrowsError(try repository.updateReference("refs/teamflow/events", to: tip, expecting: nil, message: "x"))
            return (tip, blobs)
        }
        let after = try countObjects(fixture, dir)
        XCTAssertEqual(after["count"], before["count"], "no new loose objects")
        XCTAssertEqual(after["packs"], (before["packs"] ?? 0) + 1)
        XCTAssertEqual(after["in-pack"], (before["in-pack"] ?? 0) + 202)

        // Same Repository and a fresh one read the packed objects; so does stock git.
        XCTAssertEqual(try repository.readBlob(blobs[199]), bytes("event 199\nkind: note\n"))
        XCTAssertEqual(try repository.readCommit(tip).message, "import")
        let fresh = try Repository.open(at: dir)
        XCTAssertEqual(try fresh.readBlob(blobs[0]), bytes("event 0\nkind: note\n"))
        XCTAssertEqual(try fixture.git(["cat-file", "-p", "\(tip.hex):e42.yaml"], in: dir), "event 42\nkind: note")
        try repository.updateReference("refs/teamflow/events", to: tip, expecting: nil, message: "import")
        try fixture.git(["fsck", "--strict", "--no-dangling"], in: dir)
        XCTAssertEqual(try fixture.git(["rev-list", "--count", "refs/teamflow/events"], in: dir), "2")
    }

    func testThrowingBodyWritesNothing() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let before = try countObjects(fixture, dir)
        let repository = try Repository.open(at: dir)
        struct Abort: Error {}
        var written: ObjectID?
        XCTAssertThrowsError(try repository.withPackedWrites {
            written = try repository.writeBlob(bytes("never stored"))
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }
        let id = try XCTUnwrap(written)
        XCTAssertFalse(repository.contains(id))
        XCTAssertThrowsError(try repository.readBlob(id))
        XCTAssertEqual(try countObjects(fixture, dir), before)
        // After the batch, writes go to disk as usual again.
        let loose = try repository.writeBlob(bytes("stored"))
        XCTAssertEqual(try fixture.git(["cat-file", "-p", loose.hex], in: dir), "stored")
    }

    func testEmptyOrExistingOnlyBatchWritesNoPack() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let existing = try repository.writeBlob(bytes("already here"))
        let before = try countObjects(fixture, dir)
        let id = try repository.withPackedWrites { try repository.writeBlob(bytes("already here")) }
        XCTAssertEqual(id, existing)
        XCTAssertEqual(try countObjects(fixture, dir)["packs"], before["packs"])
        // Nested batches join the outer one.
        let nested = try repository.withPackedWrites {
            try repository.withPackedWrites { try repository.writeBlob(bytes("nested")) }
        }
        XCTAssertEqual(try repository.readBlob(nested), bytes("nested"))
        XCTAssertEqual(try countObjects(fixture, dir)["packs"], (before["packs"] ?? 0) + 1)
    }

    /// 5,000 small packed blobs read back one by one and in one batch (speed: `teamflow-bench micro`).
    func testManyPackedBlobsReadBack() throws {
        let fixture = try GitFixture()
        let repository = try Repository.create(at: fixture.path("many"), bare: true)
        let count = 5_000
        let ids = try repository.withPackedWrites {
            try (0..<count).map { index in
                try repository.writeBlob(bytes("id: ev-\(index)\nkind: task.created\ntitle: Task number \(index)\n"))
            }
        }
        XCTAssertEqual(Set(ids).count, count)
        for index in [0, 1, count / 2, count - 1] {
            XCTAssertEqual(try repository.readBlob(ids[index]), bytes("id: ev-\(index)\nkind: task.created\ntitle: Task number \(index)\n"))
        }
        let one = try ids.map { try repository.readBlob($0) }
        XCTAssertEqual(try repository.readBlobs(ids), one)
    }

    /// Versions of one thing written under one name are stored as deltas; stock git reads them.
    func testNamedBlobsBecomeDeltas() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let texts = (0..<300).map { index in
            "v: 1\nid: ev-\(index)\ntype: task.checked\nat: 2024-11-18T10:00:00+09:00\nauthor:\n  name: 건우\n"
                + "  email: gunwoo@example.com\nclock: \(index + 1)\ndata:\n  task: task-\(index % 10)\n  note: the same long note about the work\n"
        }
        let ids = try repository.withPackedWrites {
            try texts.enumerated().map { index, text in try repository.writeBlob(bytes(text), packName: "task-\(index % 10)") }
        }
        for index in [0, 150, 299] {
            XCTAssertEqual(try fixture.git(["cat-file", "blob", ids[index].hex], in: dir) + "\n", texts[index])
        }
        let pack = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack").first { $0.hasSuffix(".idx") })
        let listing = try fixture.git(["verify-pack", "-v", ".git/objects/pack/" + pack], in: dir)
        let deltas = listing.split(separator: "\n").filter { $0.contains(" blob ") && $0.split(separator: " ", omittingEmptySubsequences: true).count > 5 }
        XCTAssertGreaterThan(deltas.count, 200, "most blobs are deltas:\n\(listing.prefix(2000))")
        try fixture.git(["fsck", "--strict"], in: dir)
        // The builder's settings live on the batch's own handle; their file is gone at once.
        XCTAssertEqual(try fixture.git(["config", "--get", "pack.windowMemory"], in: dir, allowFailure: true), "")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter { $0.hasPrefix("teamflow-pack-\(getpid())-") }
        XCTAssertEqual(leftovers, [])
    }

    /// A pack larger than one indexer piece (8 MiB) is indexed whole and reads back.
    func testPackLargerThanOnePiece() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        var generator = SystemRandomNumberGenerator()
        // Incompressible bytes: 160 blobs of 64 KiB make a pack of ~10 MiB.
        let blobs = (0..<160).map { _ in (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        let ids = try repository.withPackedWrites { try blobs.map { try repository.writeBlob($0) } }
        let folder = dir + "/.git/objects/pack"
        let pack = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".pack") })
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder + "/" + pack)[.size] as? Int)
        XCTAssertGreaterThan(size, Repository.packPiece)
        XCTAssertEqual(try Repository.open(at: dir).readBlob(ids[159]), blobs[159])
        XCTAssertEqual(try fixture.git(["cat-file", "-s", ids[80].hex], in: dir), "65536")
        try fixture.git(["fsck", "--strict"], in: dir)
    }

    /// A pack that cannot be written fails the batch: no pack, the error reported, nothing to
    /// point a ref at.
    func testFailedPackWriteThrowsAndLeavesNoPack() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let folder = dir + "/.git/objects/pack"
        // The pack folder replaced by a file: the indexer cannot create its temporary pack
        // (a read-only folder would not stop root, who runs the CI containers).
        try FileManager.default.removeItem(atPath: folder)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
        var written: ObjectID?
        XCTAssertThrowsError(try repository.withPackedWrites {
            written = try repository.writeBlob(bytes("never packed"), packName: "x")
        })
        let id = try XCTUnwrap(written)
        XCTAssertThrowsError(try repository.updateReference("refs/teamflow/events", to: id, expecting: nil, message: "x"))
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        XCTAssertFalse(try Repository.open(at: dir).contains(id))
    }

    /// The names that order the pack hash, by git's name hash as libgit2 computes it, to
    /// numbers that grow with the position.
    func testPackOrderNamesHashInOrder() {
        func nameHash(_ name: [CChar]) -> UInt32 {
            var hash: UInt32 = 0
            for c in name.prefix(while: { $0 != 0 }) where !(c == 32 || (9...13).contains(c)) {
                hash = (hash >> 2) &+ (UInt32(UInt8(bitPattern: c)) << 24)
            }
            return hash
        }
        var previous = nameHash(PackOrder.name(0))
        for position in [1, 2, 3, 4, 5, 15, 16, 17, 255, 256, 4_095, 4_096, 99_999, 100_000, 1 << 20, (1 << 24) - 1] {
            let hash = nameHash(PackOrder.name(position))
            XCTAssertGreaterThan(hash, previous, "position \(position)")
            previous = hash
        }
    }
}
