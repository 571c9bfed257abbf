import Foundation
import XCTest
@testable import Git

/// The pack index the replay orders its reads by (and `PackReader` finds bases with): the
/// offsets must be the ones git's own `verify-pack` reads from the same index, an object not
/// in the pack has none, and an index that is damaged or not a plain file is not read.
final class PackIndexTests: XCTestCase {
    func testOffsetsAreTheOnesGitReadsAndLooseObjectsComeLast() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        for i in 0..<200 { try "blob \(i)\n".write(toFile: dir + "/f\(i)", atomically: true, encoding: .utf8) }
        try fixture.git(["add", "."], in: dir)
        try fixture.git(["commit", "-q", "-m", "many"], in: dir)
        try fixture.git(["repack", "-a", "-d", "-q"], in: dir)
        try "written after the repack\n".write(toFile: dir + "/late", atomically: true, encoding: .utf8)
        let loose = try fixture.git(["hash-object", "-w", "late"], in: dir)
        let packs = try FileManager.default.contentsOfDirectory(atPath: dir + "/.git/objects/pack").filter { $0.hasSuffix(".idx") }
        XCTAssertEqual(packs.count, 1)
        // `git verify-pack -v` prints "id type size packed-size offset [depth base]" per object.
        let listing = try fixture.git(["verify-pack", "-v", ".git/objects/pack/" + packs[0]], in: dir)
        var expected: [ObjectID: UInt64] = [:]
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, let id = ObjectID(hex: String(fields[0])) else { continue }
            expected[id] = try XCTUnwrap(UInt64(fields[4]))
        }
        XCTAssertGreaterThan(expected.count, 200)
        let index = try XCTUnwrap(PackIndex(path: dir + "/.git/objects/pack/" + packs[0]))
        for (id, offset) in expected {
            XCTAssertEqual(index.offset(of: id), offset, "\(id)")
        }
        XCTAssertNil(index.offset(of: try XCTUnwrap(ObjectID(hex: loose))), "a loose object is in no pack")
    }

    func testALargeOffsetIsReadFromItsTableAndADamagedIndexIsPassedOver() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let folder = dir + "/.git/objects/pack"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let small = try XCTUnwrap(ObjectID(hex: "01" + String(repeating: "0", count: 38)))
        let large = try XCTUnwrap(ObjectID(hex: "ff" + String(repeating: "0", count: 38)))
        func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) } }
        var index: [UInt8] = [0xFF, 0x74, 0x4F, 0x63] + be32(2)
        for first in 0..<256 { index += be32(first < 1 ? 0 : first < 255 ? 1 : 2) }
        index += small.raw + large.raw              // ids, sorted
        index += be32(0) + be32(0)                  // CRCs
        index += be32(12) + be32(0x8000_0000)       // offsets: the second in the large table, entry 0
        index += be32(0x1) + be32(0x2345_6789)      // 0x1_2345_6789
        index += [UInt8](repeating: 0, count: 40)   // trailer
        try Data(index).write(to: URL(fileURLWithPath: folder + "/pack-a.idx"))
        // Sorted after pack-a: a truncated index whose fan-out promises more than it holds.
        try Data(index.prefix(1_060)).write(to: URL(fileURLWithPath: folder + "/pack-b.idx"))
        let missing = try XCTUnwrap(ObjectID(hex: "02" + String(repeating: "0", count: 38)))
        let read = try XCTUnwrap(PackIndex(path: folder + "/pack-a.idx"))
        XCTAssertEqual([large, small, missing].map(read.offset(of:)), [0x1_2345_6789, 12, nil])
        // The damaged index is not read at all: nothing found, nothing read out of bounds.
        XCTAssertNil(PackIndex(path: folder + "/pack-b.idx"))
        // Nor is a symbolic link in place of an index followed.
        try Data(index).write(to: URL(fileURLWithPath: dir + "/outside.idx"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/pack-c.idx", withDestinationPath: dir + "/outside.idx")
        XCTAssertNil(PackIndex(path: folder + "/pack-c.idx"))
        XCTAssertNotNil(PackIndex(path: dir + "/outside.idx"), "the same bytes as a plain file read")
    }
}
