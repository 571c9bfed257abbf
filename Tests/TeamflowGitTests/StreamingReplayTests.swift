import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import TeamflowTestSupport
import XCTest

/// The streaming replay (a cold rebuild in bounded memory) must give exactly what reading
/// every event and folding them gives: the same state and the same diagnostics.
final class StreamingReplayTests: XCTestCase {
    func testStreamingReplayAgreesWithTheFullReadOnAMixedHistory() throws {
        let repo = try TestRepository()
        var stream = ""
        var rng = SplitMix(seed: 0x5EED)
        var tasks: [String] = []
        for clock in 1...6_000 {
            let id = String(format: "%02x", rng.next(upTo: 256)) + String(format: "%022x", clock)
            // Equal clocks on purpose: ties are broken by id.
            let at = "clock: \(clock - clock % 3 + 1)\n"
            let head = "---\nv: 1\nid: \(id)\nat: 2024-11-19T10:00:00+09:00\nauthor:\n  name: x\n  email: x@example.com\n" + at
            if tasks.isEmpty || rng.next(upTo: 3) == 0 {
                // Double quotes are outside the fast decoder's layout: the full parser reads them.
                let title = rng.next(upTo: 10) == 0 ? "\"작업 \(clock)\"" : "작업 \(clock)"
                stream += head + "type: task.added\ndata:\n  title: \(title)\n  week: '2024-W47'\n"
                tasks.append(id)
            } else {
                let type = ["task.checked", "task.unchecked", "task.started"][rng.next(upTo: 3)]
                stream += head + "type: \(type)\ndata:\n  task: \(tasks[rng.next(upTo: tasks.count)])\n"
            }
        }
        let store = try repo.store()
        XCTAssertEqual(try store.importStream(stream, file: "mixed.yaml", author: nil, at: "2024-11-19T10:00:00+09:00").added, 6_000)
        // A corrupt file and one whose id does not match its name, both at canonical paths.
        try plant(repo, path: "events/ab/abab00000000000000000001.yaml", text: "v: 1\nid: [\n")
        try plant(repo, path: "events/cd/cdcd00000000000000000002.yaml",
                  text: "v: 1\nid: cdcd00000000000000000003\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\nauthor:\n  name: x\n  email: x@example.com\nclock: 7\ndata:\n  title: t\n  week: 2024-W47\n")

        let reader = EventTreeReader(repository: store.repository)
        let tip = try XCTUnwrap(try store.tip())
        let files = try reader.eventFiles(rootTree: store.repository.readCommit(tip).tree)
        XCTAssertGreaterThan(files.count, 4_096, "enough files for several reading workers")
        let (events, expectedDiagnostics) = reader.load(files)
        var expected = TeamState()
        expected.apply(events)
        // The import's pack (libgit2's packbuilder) reads through our pack reader as through
        // libgit2, blob for blob; the two planted files are loose and left to libgit2.
        let packs = store.repository.packs()
        let packReader = try XCTUnwrap(packs.reader())
        var packed = 0
        for (id, key) in zip(files.blobs, packs.order(of: files.blobs)) {
            guard let read = packReader.blob(id, at: key) else { continue }
            packed += 1
            XCTAssertEqual(read, try store.repository.readBlob(id))
        }
        XCTAssertEqual(packed, files.count - 2)
        // With the raw bytes in memory, and moved into temporary files from the first byte; with
        // our pack readers and with libgit2 alone.
        for threshold in [ReplayArena.spillThreshold, 0] {
            for packedReads in [4_096, Int.max] {
                var replay = StreamingReplay(repository: store.repository, spillThreshold: threshold)
                replay.packedReads = packedReads
                let streamed = try XCTUnwrap(replay.fold(files))
                XCTAssertTrue(streamed.state == expected, "the streamed state differs from the full read (spilling past \(threshold), \(packedReads))")
                XCTAssertEqual(streamed.diagnostics, expectedDiagnostics)
                XCTAssertEqual(streamed.diagnostics.count, 2)
            }
        }
    }

    /// Files outside the canonical paths may share an id: the full read decides those.
    func testNonCanonicalPathsTakeTheFullRead() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("one")
        try plant(repo, path: "events/2024/abab00000000000000000001.yaml", text: "v: 1\n")
        let store = try repo.store()
        let reader = EventTreeReader(repository: store.repository)
        let tip = try XCTUnwrap(try store.tip())
        let files = try reader.eventFiles(rootTree: store.repository.readCommit(tip).tree)
        XCTAssertNil(StreamingReplay(repository: store.repository).fold(files))
        XCTAssertEqual(try store.replayState().state.goals.count, 1)
    }

    /// Histories from before the two-level layout keep their files where they are; new
    /// appends go to `events/<x>/<yz>/`. Both read, incrementally and cold; the same event in
    /// both places is reported once as a copy, as any duplicate is.
    func testLegacyAndCurrentLayoutsMix() throws {
        let repo = try TestRepository()
        let legacyID = "abcd00000000000000000001"
        let text = "v: 1\nid: \(legacyID)\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\nauthor:\n  name: x\n  email: x@example.com\nclock: 1\ndata:\n  title: old\n  week: 2024-W47\n"
        try repo.plant(path: "events/ab/\(legacyID).yaml", text: text)
        XCTAssertEqual(try repo.store().state().goals.count, 1) // the cache starts here
        let new = try repo.addGoal("new")
        XCTAssertEqual(Set(try repo.store().state().goals.values.map(\.title)), ["old", "new"])
        let files = try repo.git("ls-tree", "-r", "--name-only", "refs/teamflow/events").split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(files), ["events/ab/\(legacyID).yaml", "events/\(new.id.prefix(1))/\(new.id.dropFirst().prefix(2))/\(new.id).yaml"])
        XCTAssertTrue(files.allSatisfy(TreeLayout.isCanonical))
        XCTAssertEqual(Set(try repo.store().replayState().state.goals.values.map(\.title)), ["old", "new"])

        try plant(repo, path: "events/a/bc/\(legacyID).yaml", text: text)
        let store = try repo.store()
        let reader = EventTreeReader(repository: store.repository)
        let all = try reader.eventFiles(rootTree: store.repository.readCommit(XCTUnwrap(try store.tip())).tree)
        XCTAssertNil(StreamingReplay(repository: store.repository).fold(all), "a copy across layouts takes the full read")
        let replayed = try store.replayState()
        XCTAssertEqual(replayed.state.goals.count, 2)
        XCTAssertEqual(replayed.diagnostics.map(\.path), ["events/ab/\(legacyID).yaml"])
    }

    private func plant(_ repo: TestRepository, path: String, text: String) throws {
        try repo.plant(path: path, text: text)
    }
}
