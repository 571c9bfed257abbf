import Foundation
import XCTest
@testable import Git

final class ReferenceTests: XCTestCase {
    private static let ref = "refs/teamflow/events"
    private var ref: String { Self.ref }

    /// A commit on top of `parent` (or a root commit) with a one-blob tree.
    private func commit(_ repository: Repository, _ text: String, parent: ObjectID?) throws -> ObjectID {
        try Self.commit(repository, text, parent: parent)
    }

    private static func commit(_ repository: Repository, _ text: String, parent: ObjectID?, time: Int64 = 1_700_000_000) throws -> ObjectID {
        let blob = try repository.writeBlob(bytes(text))
        let tree = try repository.writeTree([TreeEntry(name: "event.yaml", id: blob, kind: .blob)])
        return try repository.writeCommit(
            tree: tree, parents: parent.map { [$0] } ?? [], author: Fixed.signature(at: time),
            committer: Fixed.signature(at: time), message: text)
    }

    func testCompareAndSwap() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        XCTAssertNil(try repository.resolveReference(ref))
        let first = try commit(repository, "one", parent: nil)
        let second = try commit(repository, "two", parent: first)

        try repository.updateReference(ref, to: first, expecting: nil, message: "teamflow: one")
        XCTAssertEqual(try repository.resolveReference(ref), first)
        XCTAssertEqual(try fixture.git(["rev-parse", ref], in: dir), first.hex)

        // Create-only fails when the ref exists.
        XCTAssertThrowsError(try repository.updateReference(ref, to: second, expecting: nil, message: "x")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
        // Wrong expected value fails and leaves the ref alone.
        XCTAssertThrowsError(try repository.updateReference(ref, to: second, expecting: second, message: "x")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
        XCTAssertEqual(try repository.resolveReference(ref), first)
        // Right expected value succeeds.
        try repository.updateReference(ref, to: second, expecting: first, message: "teamflow: two")
        XCTAssertEqual(try fixture.git(["rev-parse", ref], in: dir), second.hex)
        // Expecting a value for a missing ref is a move, too.
        XCTAssertThrowsError(try repository.updateReference("refs/teamflow/none", to: second, expecting: first, message: "x")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
        // A ref moved by stock git is noticed.
        try fixture.git(["update-ref", ref, first.hex], in: dir)
        XCTAssertThrowsError(try repository.updateReference(ref, to: second, expecting: second, message: "x")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
        // The reflog records our updates with their messages.
        let reflog = try fixture.git(["reflog", "show", "--format=%gs", ref], in: dir)
        XCTAssertEqual(reflog.split(separator: "\n").suffix(2), ["teamflow: two", "teamflow: one"])
        XCTAssertThrowsError(try repository.updateReference("refs/bad..name", to: first, expecting: nil, message: "x")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .invalid)
        }
        try fixture.git(["fsck", "--strict"], in: dir)
    }

    func testDeleteAndList() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let first = try commit(repository, "one", parent: nil)
        let second = try commit(repository, "two", parent: first)
        try repository.updateReference("refs/teamflow/b", to: second, expecting: nil, message: "b")
        try repository.updateReference("refs/teamflow/a", to: first, expecting: nil, message: "a")
        try fixture.git(["pack-refs", "--all"], in: dir)
        try repository.updateReference("refs/teamflow/sub/c", to: first, expecting: nil, message: "c")
        let listed = try repository.references(withPrefix: "refs/teamflow/")
        XCTAssertEqual(listed.map(\.name), ["refs/teamflow/a", "refs/teamflow/b", "refs/teamflow/sub/c"])
        XCTAssertEqual(listed.map(\.id), [first, second, first])
        XCTAssertEqual(try repository.references(withPrefix: "refs/heads/").map(\.name), ["refs/heads/main"])

        XCTAssertThrowsError(try repository.deleteReference("refs/teamflow/b", expecting: first)) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
        try repository.deleteReference("refs/teamflow/b", expecting: second)
        XCTAssertNil(try repository.resolveReference("refs/teamflow/b"))
        XCTAssertEqual(try fixture.git(["for-each-ref", "--format=%(refname)", "refs/teamflow/"], in: dir),
                       "refs/teamflow/a\nrefs/teamflow/sub/c")
        XCTAssertThrowsError(try repository.deleteReference("refs/teamflow/b", expecting: second)) {
            XCTAssertEqual(($0 as? GitError)?.kind, .referenceMoved)
        }
    }

    func testLockHeldByAnotherProcessIsReportedAsLocked() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let first = try commit(repository, "one", parent: nil)
        try repository.updateReference(ref, to: first, expecting: nil, message: "one")
        let lockFile = dir + "/.git/" + ref + ".lock"
        XCTAssertTrue(FileManager.default.createFile(atPath: lockFile, contents: Data()))
        let second = try commit(repository, "two", parent: first)
        XCTAssertThrowsError(try repository.updateReference(ref, to: second, expecting: first, message: "two")) {
            XCTAssertEqual(($0 as? GitError)?.kind, .locked)
        }
        try FileManager.default.removeItem(atPath: lockFile)
        try repository.updateReference(ref, to: second, expecting: first, message: "two")
        XCTAssertEqual(try repository.resolveReference(ref), second)
    }

    /// Several threads, each with its own Repository (so they contend through git's lock files
    /// like separate processes), append commits with retry. No update may be lost.
    func testConcurrentCompareAndSwapLosesNothing() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let writers = 4
        let perWriter = 15
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            do {
                let repository = try Repository.open(at: dir)
                for step in 0..<perWriter {
                    try Self.appendWithRetry(repository, text: "w\(writer)-\(step)")
                }
            } catch {
                failures.add("\(error)")
            }
        }
        XCTAssertEqual(failures.all, [])
        let count = try fixture.git(["rev-list", "--count", ref], in: dir)
        XCTAssertEqual(count, "\(writers * perWriter)")
        let repository = try Repository.open(at: dir)
        let tip = try XCTUnwrap(try repository.resolveReference(ref))
        let messages = Set(try repository.log(from: tip).map(\.message))
        XCTAssertEqual(messages.count, writers * perWriter)
        XCTAssertTrue(messages.contains("w3-14"))
        try fixture.git(["fsck", "--strict"], in: dir)
    }

    /// Racing creates (expected value: "does not exist") must let exactly one writer win;
    /// libgit2's plain create checks existence before taking the lock, so this is the zero-id
    /// compare-and-swap under the lock.
    func testRacingCreatesHaveExactlyOneWinner() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let seed = try Repository.open(at: dir)
        for round in 0..<20 {
            let name = "refs/teamflow/race-\(round)"
            let blobs = try (0..<4).map { try seed.writeBlob(bytes("round \(round) writer \($0)")) }
            let wins = Failures()
            DispatchQueue.concurrentPerform(iterations: 4) { writer in
                guard let repository = try? Repository.open(at: dir) else { return }
                do {
                    try repository.updateReference(name, to: blobs[writer], expecting: nil, message: "race")
                    wins.add("\(writer)")
                } catch let error as GitError where error.kind == .referenceMoved || error.kind == .locked {
                    // lost the race, as all but one must
                } catch {
                    wins.add("unexpected \(error)")
                }
            }
            XCTAssertEqual(wins.all.count, 1, "round \(round): \(wins.all)")
        }
    }

    /// One Repository shared by several threads: its lock serialises the calls.
    func testSharedRepositoryAcrossThreads() throws {
        let fixture = try GitFixture()
        let dir = try fixture.makeRepository()
        let repository = try Repository.open(at: dir)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            do {
                for step in 0..<10 {
                    try Self.appendWithRetry(repository, text: "s\(writer)-\(step)")
                    let blob = try repository.writeBlob(bytes("side \(writer) \(step)"))
                    if try repository.readBlob(blob) != bytes("side \(writer) \(step)") {
                        failures.add("blob \(writer) \(step) read back wrong")
                    }
                }
            } catch {
                failures.add("\(error)")
            }
        }
        XCTAssertEqual(failures.all, [])
        XCTAssertEqual(try fixture.git(["rev-list", "--count", Self.ref], in: dir), "40")
    }

    private static func appendWithRetry(_ repository: Repository, text: String) throws {
        for _ in 0..<10_000 {
            let old = try repository.resolveReference(ref)
            let new = try commit(repository, text, parent: old)
            do {
                try repository.updateReference(ref, to: new, expecting: old, message: text)
                return
            } catch let error as GitError where error.kind == .referenceMoved || error.kind == .locked {
                continue
            }
        }
        throw GitError(code: -1, message: "gave up retrying \(text)")
    }
}

/// Collects error descriptions from worker threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items = [String]()

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
