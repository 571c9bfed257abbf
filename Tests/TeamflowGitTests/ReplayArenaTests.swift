import Foundation
@testable import TeamflowGit
import TeamflowTestSupport
import XCTest

/// The raw bytes of a replay, in memory or in an unnamed temporary file: whichever, every
/// range reads back as appended, and nothing is left behind.
final class ReplayArenaTests: XCTestCase {
    private func pieces(_ count: Int) -> [[UInt8]] {
        var rng = SplitMix(seed: 0xA12E4A)
        return (0..<count).map { index in (0..<(1 + rng.next(upTo: 300))).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } }
    }

    private func assertReadsBack(_ arena: ReplayArena, _ pieces: [[UInt8]], offsets: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        // In a shuffled order, as a chunk in clock order asks for them.
        var rng = SplitMix(seed: 7)
        var order = Array(pieces.indices)
        for index in order.indices.reversed() { order.swapAt(index, rng.next(upTo: index + 1)) }
        for chunk in stride(from: 0, to: order.count, by: 97).map({ Array(order[$0..<min(order.count, $0 + 97)]) }) {
            let loaded = try XCTUnwrap(arena.load(chunk.map { offsets[$0] ..< offsets[$0] + pieces[$0].count }), file: file, line: line)
            for (index, place) in zip(chunk, loaded.places) {
                XCTAssertEqual(Array(loaded.bytes[place]), pieces[index], "piece \(index)", file: file, line: line)
            }
        }
    }

    /// `count` pieces appended to `arena` (then finished), with where each starts.
    private func filled(_ arena: ReplayArena, count: Int) -> (pieces: [[UInt8]], offsets: [Int]) {
        let pieces = pieces(count)
        let offsets = pieces.map { arena.append($0) }
        arena.finish()
        return (pieces, offsets)
    }

    func testASmallArenaStaysInMemory() throws {
        let arena = ReplayArena(spillingInto: try temporaryFolder(), threshold: 1 << 20)
        let (pieces, offsets) = filled(arena, count: 200)
        XCTAssertFalse(arena.isSpilled)
        try assertReadsBack(arena, pieces, offsets: offsets)
    }

    func testALargeArenaMovesIntoAnUnnamedFileAndReadsBack() throws {
        let folder = try temporaryFolder()
        let arena = ReplayArena(spillingInto: folder, threshold: 4_096)
        let (pieces, offsets) = filled(arena, count: 12_000)
        XCTAssertTrue(arena.isSpilled, "past the threshold the bytes move into a file")
        XCTAssertFalse(arena.failed)
        XCTAssertEqual(arena.count, pieces.reduce(0) { $0 + $1.count })
        try assertReadsBack(arena, pieces, offsets: offsets)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "the file has no name to leave behind")
    }

    func testWithoutAUsableFolderTheArenaStaysInMemory() throws {
        let arena = ReplayArena(spillingInto: "/nonexistent/teamflow-\(UUID().uuidString)", threshold: 0)
        let (pieces, offsets) = filled(arena, count: 500)
        XCTAssertFalse(arena.isSpilled)
        XCTAssertEqual(arena.spillAttempts, 1, "a folder that cannot take the file is tried once")
        try assertReadsBack(arena, pieces, offsets: offsets)
    }

    /// A disk that fills up while the arena spills: what was written is read back and the
    /// arena carries on in memory, with every byte.
    func testAFullDiskTakesTheBytesBackIntoMemory() throws {
        let disk = try Tmpfs(sizeKiB: 256)
        let arena = ReplayArena(spillingInto: disk.path, threshold: 0)
        let (pieces, offsets) = filled(arena, count: 6_000) // ~900 KB: more than the disk holds
        XCTAssertFalse(arena.isSpilled, "the write that failed ended the spill")
        XCTAssertEqual(arena.spillAttempts, 1, "after a failed write the arena stays in memory instead of trying again")
        XCTAssertFalse(arena.failed)
        try assertReadsBack(arena, pieces, offsets: offsets)
    }

    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "teamflow-arena-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
