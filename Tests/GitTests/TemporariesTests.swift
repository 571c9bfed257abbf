import Foundation
import XCTest
@testable import Git

/// libgit2 temporaries abandoned by a killed writer are removed once old; live ones are kept.
final class TemporariesTests: XCTestCase {
    /// 2024-11-18T00:00:00Z, the clock of these tests.
    private let now = Date(timeIntervalSince1970: 1_731_888_000)

    func testOnlyLibgit2TemporariesOlderThanAnHourAreRemoved() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let objects = dir + "/.git/objects"
        let fm = FileManager.default
        func plant(_ name: String, minutesOld: Double) throws {
            let path = objects + "/" + name
            XCTAssertTrue(fm.createFile(atPath: path, contents: Data("x".utf8)), path)
            try fm.setAttributes([.modificationDate: now.addingTimeInterval(-minutesOld * 60)], ofItemAtPath: path)
        }
        try plant("pack/pack_git2_0123456789abcdef", minutesOld: 61)
        try plant("tmp_object_git2_a1B2c3", minutesOld: 24 * 60)
        try plant("pack/pack_git2_fedcba9876543210", minutesOld: 59) // a writer may still be at it
        try plant("tmp_object_git2_live01", minutesOld: 0)
        try plant("pack/pack-0000000000000000000000000000000000000000.pack", minutesOld: 10_000) // not ours
        try plant("pack/tmp_pack_abcdef", minutesOld: 10_000) // git's own; git prune's to clean
        try plant("pack/pack-0000000000000000000000000000000000000000.idx.lock", minutesOld: 10_000)
        try fm.createDirectory(atPath: objects + "/pack/pack_git2_folder", withIntermediateDirectories: false)
        try fm.setAttributes([.modificationDate: now.addingTimeInterval(-7200)], ofItemAtPath: objects + "/pack/pack_git2_folder")

        XCTAssertEqual(repository.removeStaleTemporaries(now: now), ["pack/pack_git2_0123456789abcdef", "tmp_object_git2_a1B2c3"])
        let left = Set(try fm.contentsOfDirectory(atPath: objects + "/pack"))
        XCTAssertEqual(left, ["pack_git2_fedcba9876543210", "pack-0000000000000000000000000000000000000000.pack",
                              "tmp_pack_abcdef", "pack-0000000000000000000000000000000000000000.idx.lock", "pack_git2_folder"])
        XCTAssertTrue(fm.fileExists(atPath: objects + "/tmp_object_git2_live01"))
        XCTAssertEqual(repository.removeStaleTemporaries(now: now), [], "nothing twice")
        // An hour on, the 59-minute one is abandoned; the fresh one, exactly an hour old, is kept
        // until a second later.
        XCTAssertEqual(repository.removeStaleTemporaries(now: now.addingTimeInterval(3600)), ["pack/pack_git2_fedcba9876543210"])
        XCTAssertEqual(repository.removeStaleTemporaries(now: now.addingTimeInterval(3601)), ["tmp_object_git2_live01"])
    }
}
