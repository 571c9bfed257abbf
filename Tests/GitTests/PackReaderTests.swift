import Foundation
import XCTest
@testable import Git

/// The pack reader must give exactly what libgit2 gives for every blob it reads, and nil
/// (never a crash, never a read outside the mapping) for whatever it does not trust, so that
/// libgit2 reads and decides.
final class PackReaderTests: XCTestCase {
    /// A history of YAML-like files, each rewritten a little many times, so that packing makes
    /// long delta chains; plus an empty blob and one over 64 KiB (copies of 0x10000 bytes).
    private func makeHistory(_ fixture: GitFixture) throws -> String {
        let dir = try fixture.makeRepository()
        var big = ""
        for line in 0..<6_000 { big += "line \(line) of a big file\n" }
        try big.write(toFile: dir + "/big", atomically: true, encoding: .utf8)
        try "".write(toFile: dir + "/empty", atomically: true, encoding: .utf8)
        for round in 0..<24 {
            for file in 0..<12 {
                var text = "v: 1\nid: \(String(format: "%024x", file))\ntype: task.added\n"
                for field in 0...round { text += "field\(field): value \(field * file) in round \(field)\n" }
                try text.write(toFile: dir + "/f\(file).yaml", atomically: true, encoding: .utf8)
            }
            big = big.replacingOccurrences(of: "line \(round * 7) of", with: "line \(round * 7) (changed) of")
            try big.write(toFile: dir + "/big", atomically: true, encoding: .utf8)
            try fixture.git(["add", "."], in: dir)
            try fixture.git(["commit", "-q", "-m", "round \(round)"], in: dir)
        }
        return dir
    }

    /// Every blob in the repository, by `git cat-file`.
    private func blobs(_ fixture: GitFixture, _ dir: String) throws -> [ObjectID] {
        let listing = try fixture.git(["cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)"], in: dir)
        return listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count == 2 && fields[1] == "blob" ? ObjectID(hex: String(fields[0])) : nil
        }
    }

    /// The packs' objects by `git verify-pack -v`: offset, and the chain depth of deltas.
    private func packedObjects(_ fixture: GitFixture, _ dir: String) throws -> [(id: ObjectID, offset: Int, depth: Int)] {
        let folder = dir + "/.git/objects/pack"
        var objects: [(id: ObjectID, offset: Int, depth: Int)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".idx") {
            for line in try fixture.git(["verify-pack", "-v", folder + "/" + name], in: dir).split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 5, let id = ObjectID(hex: String(fields[0])), let offset = Int(fields[4]) else { continue }
                objects.append((id, offset, fields.count >= 7 ? Int(fields[5]) ?? 0 : 0))
            }
        }
        return objects
    }

    /// Reads every blob both ways, by look-up and by the set's key; returns how many the pack
    /// reader read.
    @discardableResult
    private func assertReadsAsLibgit2(_ dir: String, _ ids: [ObjectID], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let repository = try Repository.open(at: dir)
        let packs = repository.packs()
        let reader = try XCTUnwrap(packs.reader(), file: file, line: line)
        let keys = packs.order(of: ids)
        var read = 0
        for (id, key) in zip(ids, keys) {
            let expected = try repository.readBlob(id)
            let looked = reader.blob(id)
            XCTAssertEqual(looked, key == .max ? nil : expected, "\(id)", file: file, line: line)
            XCTAssertEqual(reader.blob(id, at: key), key == .max ? nil : expected, "\(id)", file: file, line: line)
            if looked != nil { read += 1 }
        }
        // A second reader, fresh, in pack order (the order a replay reads in).
        let second = try XCTUnwrap(packs.reader(), file: file, line: line)
        for (id, key) in zip(ids, keys).sorted(by: { $0.1 < $1.1 }) where key != .max {
            XCTAssertEqual(second.blob(id, at: key), try repository.readBlob(id), "\(id)", file: file, line: line)
        }
        return read
    }

    func testEveryBlobOfAnAggressiveRepackReadsAsLibgit2ReadsIt() throws {
        let fixture = try GitFixture()
        let dir = try makeHistory(fixture)
        try fixture.git(["repack", "-adf", "-q", "--depth=50", "--window=250"], in: dir)
        let objects = try packedObjects(fixture, dir)
        XCTAssertGreaterThan(objects.map(\.depth).max() ?? 0, 10, "long delta chains")
        let ids = try blobs(fixture, dir)
        XCTAssertGreaterThan(ids.count, 250)
        XCTAssertEqual(try assertReadsAsLibgit2(dir, ids), ids.count)
    }

    func testEveryBlobAfterGcAggressiveReadsAsLibgit2ReadsIt() throws {
        let fixture = try GitFixture()
        let dir = try makeHistory(fixture)
        try fixture.git(["gc", "-q", "--aggressive", "--prune=now"], in: dir)
        XCTAssertGreaterThan(try packedObjects(fixture, dir).map(\.depth).max() ?? 0, 1)
        let ids = try blobs(fixture, dir)
        XCTAssertEqual(try assertReadsAsLibgit2(dir, ids), ids.count)
    }

    /// `pack-objects` without `--delta-base-offset` names every delta's base by id.
    func testDeltasWithBasesNamedByIDReadAsLibgit2ReadsThem() throws {
        let fixture = try GitFixture()
        let dir = try makeHistory(fixture)
        let all = try fixture.git(["rev-list", "--objects", "--all"], in: dir)
        let input = fixture.path("objects.txt")
        try (all + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        // Through a shell for the redirection; no --delta-base-offset.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "git pack-objects -q --window=250 --depth=50 .git/objects/pack/pack < '\(input)' >/dev/null && git prune-packed"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": fixture.root, "GIT_CONFIG_NOSYSTEM": "1"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let objects = try packedObjects(fixture, dir)
        let pack = try packFile(dir)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        XCTAssertTrue(objects.contains { bytes[$0.offset] >> 4 & 7 == 7 }, "some deltas name their base by id")
        XCTAssertFalse(objects.contains { bytes[$0.offset] >> 4 & 7 == 6 }, "no delta names its base by distance")
        let ids = try blobs(fixture, dir)
        XCTAssertEqual(try assertReadsAsLibgit2(dir, ids), ids.count)
    }

    /// A loose object is not in a pack: nil, and libgit2 reads it.
    func testALooseObjectIsLeftToLibgit2() throws {
        let fixture = try GitFixture()
        let dir = try makeHistory(fixture)
        try fixture.git(["repack", "-adq"], in: dir)
        try "written after the repack\n".write(toFile: dir + "/late", atomically: true, encoding: .utf8)
        let loose = try XCTUnwrap(ObjectID(hex: try fixture.git(["hash-object", "-w", "late"], in: dir)))
        let repository = try Repository.open(at: dir)
        let reader = try XCTUnwrap(repository.packs().reader())
        XCTAssertNil(reader.blob(loose))
        XCTAssertEqual(repository.packs().order(of: [loose]), [.max])
        XCTAssertEqual(try repository.readBlob(loose), Array("written after the repack\n".utf8))
        // Not a blob: a commit or a tree in the pack is left to libgit2 too.
        let head = try XCTUnwrap(ObjectID(hex: try fixture.git(["rev-parse", "HEAD"], in: dir)))
        let tree = try XCTUnwrap(ObjectID(hex: try fixture.git(["rev-parse", "HEAD^{tree}"], in: dir)))
        XCTAssertNil(reader.blob(head))
        XCTAssertNil(reader.blob(tree))
    }

    /// While `doctor` checks objects against their ids, only libgit2 reads.
    func testNoReaderWhileObjectsAreVerified() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        try fixture.git(["repack", "-adq"], in: dir)
        let repository = try Repository.open(at: dir)
        XCTAssertNotNil(repository.packs().reader())
        Repository.verifyingObjectHashes {
            XCTAssertNil(repository.packs().reader())
        }
        XCTAssertNotNil(repository.packs().reader())
    }

    /// The pack of a repository packed once.
    private func packFile(_ dir: String) throws -> String {
        let folder = dir + "/.git/objects/pack"
        let packs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".pack") }
        XCTAssertEqual(packs.count, 1)
        return folder + "/" + (packs.first ?? "")
    }

    /// Replaces the pack's bytes (a new file: a reader made before keeps its mapping).
    private func replace(_ pack: String, with bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: pack + ".new"))
        guard rename(pack + ".new", pack) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Damage inside a delta, a truncated pack (with its trailer put back, so the index still
    /// takes it), and a pack that does not belong to its index: never a crash, never other bytes.
    func testADamagedPackGivesNilNeverOtherBytes() throws {
        let fixture = try GitFixture()
        let dir = try makeHistory(fixture)
        try fixture.git(["repack", "-adf", "-q", "--depth=50", "--window=250"], in: dir)
        let ids = try blobs(fixture, dir)
        let repository = try Repository.open(at: dir)
        let expected = try Dictionary(uniqueKeysWithValues: ids.map { ($0, try repository.readBlob($0)) })
        let pack = try packFile(dir)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
        let objects = try packedObjects(fixture, dir)
        let deltas = objects.filter { $0.depth > 0 && expected[$0.id] != nil }.sorted { $0.offset < $1.offset }
        XCTAssertGreaterThan(deltas.count, 100)

        // Bytes flipped inside the zlib streams of deltas (past the header and base distance).
        var damaged = original
        for delta in deltas.prefix(40) { damaged[delta.offset + 6] ^= 0x5A }
        try replace(pack, with: damaged)
        var reader = try XCTUnwrap(Repository.open(at: dir).packs().reader())
        var refused = 0
        for id in ids {
            let read = reader.blob(id)
            if read == nil { refused += 1 } else { XCTAssertEqual(read, expected[id], "\(id)") }
        }
        XCTAssertGreaterThanOrEqual(refused, 40)

        // Cut inside a blob halfway through the blobs, the trailer put back: what lies before
        // the cut reads (a delta's base lies before it), what lies past it is refused.
        let stored = objects.filter { expected[$0.id] != nil }.sorted { $0.offset < $1.offset }
        let half = stored[stored.count / 2].offset + 3
        try replace(pack, with: Array(original[..<half]) + original.suffix(20))
        reader = try XCTUnwrap(Repository.open(at: dir).packs().reader())
        refused = 0
        for id in ids {
            let read = reader.blob(id)
            if read == nil { refused += 1 } else { XCTAssertEqual(read, expected[id], "\(id)") }
        }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertLessThan(refused, ids.count)

        // Truncated without the trailer: the index was written for another pack.
        try replace(pack, with: Array(original[..<half]))
        XCTAssertNil(try Repository.open(at: dir).packs().reader())
    }

    /// Random damage to a small pack: whatever is read is never read past the mapping (tests
    /// build with bounds checks on), and the reader returns nil or bytes of the right length.
    func testRandomDamageNeverCrashes() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        for round in 0..<6 {
            for file in 0..<4 {
                let text = (0...round).map { "field\($0): \($0 * file) of round \(round)\n" }.joined()
                try text.write(toFile: dir + "/f\(file)", atomically: true, encoding: .utf8)
            }
            try fixture.git(["add", "."], in: dir)
            try fixture.git(["commit", "-q", "-m", "round \(round)"], in: dir)
        }
        try fixture.git(["repack", "-adf", "-q", "--depth=50", "--window=250"], in: dir)
        let ids = try blobs(fixture, dir)
        let repository = try Repository.open(at: dir)
        let expected = try ids.map { try repository.readBlob($0) }
        let pack = try packFile(dir)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack)))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var refused = 0, same = 0
        for _ in 0..<300 {
            var damaged = original
            for _ in 0..<(1 + next(6)) {
                // Objects only: the header and trailer are checked when the pack is opened.
                let at = 12 + next(original.count - 32)
                damaged[at] = next(4) == 0 ? damaged[at] ^ UInt8(1 << next(8)) : UInt8(next(256))
            }
            try replace(pack, with: damaged)
            let reader = try XCTUnwrap(Repository.open(at: dir).packs().reader())
            for (id, bytes) in zip(ids, expected) {
                if let read = reader.blob(id) {
                    if read == bytes { same += 1 }
                } else {
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertGreaterThan(same, 0)
    }

    /// The delta format's checks, on hand-made deltas.
    func testDeltasOutOfPlaceAreRefused() {
        let base = Array("0123456789".utf8)
        func apply(_ delta: [UInt8]) -> String? {
            PackReader.apply(delta, count: delta.count, to: base).map { String(decoding: $0, as: UTF8.self) }
        }
        // Copy 4 bytes from 2, insert "ab", copy 2 from 0.
        XCTAssertEqual(apply([10, 8, 0x91, 2, 4, 2, 0x61, 0x62, 0x90, 2]), "2345ab01")
        XCTAssertNil(apply([9, 8, 0x91, 2, 4, 2, 0x61, 0x62, 0x90, 2]), "the source size is not the base's")
        XCTAssertNil(apply([10, 9, 0x91, 2, 4, 2, 0x61, 0x62, 0x90, 2]), "the result is shorter than declared")
        XCTAssertNil(apply([10, 7, 0x91, 2, 4, 2, 0x61, 0x62, 0x90, 2]), "the result is longer than declared")
        XCTAssertNil(apply([10, 4, 0x91, 8, 4]), "a copy past the base's end")
        XCTAssertNil(apply([10, 4, 0x91, 0xFF, 4]), "a copy far past the base's end")
        XCTAssertNil(apply([10, 4, 0x80]), "a copy of 0x10000 bytes from a base of 10")
        XCTAssertNil(apply([10, 2, 0x00, 0x61, 0x62]), "opcode 0")
        XCTAssertNil(apply([10, 3, 3, 0x61, 0x62]), "an insert past the delta's end")
        XCTAssertNil(apply([10, 4, 0x91, 2]), "a copy whose size byte is missing")
        XCTAssertNil(apply([10]), "no target size")
        XCTAssertEqual(apply([10, 0]), "")
        // A size of 0 means 0x10000.
        let large = [UInt8](repeating: 7, count: 0x10000)
        let copied = PackReader.apply([0x80, 0x80, 4, 0x80, 0x80, 8, 0x80, 0x80], count: 8, to: large)
        XCTAssertEqual(copied, large + large)
    }
}
