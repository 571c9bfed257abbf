import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import TeamflowTestSupport
import XCTest

/// Damage and hostile input that must never become wrong state or stop a writer.
final class IntegrityTests: XCTestCase {
    // MARK: The journal

    /// One flipped bit anywhere in the journal: a reader must serve exactly the state a replay
    /// of the ref gives (before records had checksums, 25 of 150 flips served wrong state and
    /// a later snapshot kept it), and the damage must not survive into the snapshot.
    func testAFlippedBitInTheJournalNeverServesWrongState() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        var ids: [String] = []
        for i in 0..<4 { ids.append(try repo.addGoal("before \(i)", store: store).id) }
        _ = try store.state() // the snapshot; the journal starts here
        for i in 0..<6 {
            let writer = try repo.store()
            if i % 2 == 0 {
                let draft = EventDraft(type: EventType.goalChecked, data: ["goal": .string(ids[i / 2])], summary: "check")
                _ = try writer.append([draft], author: TestRepository.author, at: "2024-11-19T11:00:00+09:00")
            } else {
                ids.append(try repo.addGoal("after \(i)", store: writer).id)
            }
        }
        let folder = repo.path + "/.git/teamflow/"
        let journalPath = folder + "journal-refs-teamflow-events"
        let journal = try XCTUnwrap(FileManager.default.contents(atPath: journalPath))
        let snapshot = try XCTUnwrap(FileManager.default.contents(atPath: folder + "state-refs-teamflow-events.bin"))
        let tip = try XCTUnwrap(try store.tip())
        let truth = try store.replay(at: tip).state
        XCTAssertEqual(truth.goals.values.filter(\.done).count, 3)
        var generator = SplitMix(seed: 42)
        for trial in 0..<150 {
            var damaged = [UInt8](journal)
            let bit = Int(generator.next() % UInt64(damaged.count * 8))
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            try Data(damaged).write(to: URL(fileURLWithPath: journalPath))
            try snapshot.write(to: URL(fileURLWithPath: folder + "state-refs-teamflow-events.bin"))
            XCTAssertTrue(try repo.store().state() == truth, "trial \(trial): bit \(bit) flipped served wrong state")
        }
    }

    /// A complete record whose checksum fails marks the journal damaged; an intact one reads.
    func testJournalRecordsCarryChecksums() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = StateJournal(url: folder.appendingPathComponent("journal"))
        journal.reset(base: "base")
        journal.append(parent: "base", tip: "t1", commit: Array("tree t1\n".utf8), events: ["one: 1\n"])
        journal.append(parent: "t1", tip: "t2", commit: Array("tree t2\n".utf8), events: ["two: 2\n", "three\n"])
        XCTAssertEqual(journal.contents(base: "base").records.map(\.tip), ["t1", "t2"])
        XCTAssertEqual(journal.contents(base: "base").records.map(\.commit), [Array("tree t1\n".utf8), Array("tree t2\n".utf8)])
        XCTAssertFalse(journal.contents(base: "base").damaged)
        var text = try String(contentsOf: journal.url, encoding: .utf8)
        text = text.replacingOccurrences(of: "two: 2", with: "two: 3")
        try Data(text.utf8).write(to: journal.url)
        let contents = journal.contents(base: "base")
        XCTAssertTrue(contents.damaged)
        XCTAssertEqual(contents.records.map(\.tip), ["t1"])
        journal.append(parent: "t2", tip: "t3", commit: [], events: ["x\n"]) // never appends to a damaged journal
        XCTAssertEqual(try String(contentsOf: journal.url, encoding: .utf8), text)
    }

    /// An object whose bytes are not what its id names (a damaged loose object swapped for
    /// another, both valid zlib): plain reads, like git's, do not hash it; `doctor`, like
    /// `git fsck`, does and reports the file.
    func testDoctorFindsAnObjectThatIsNotWhatItsIDNames() throws {
        let repo = try TestRepository()
        let text = { (id: String, title: String, clock: Int) in
            "v: 1\nid: \(id)\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\nauthor:\n  name: x\n  email: x@example.com\nclock: \(clock)\ndata:\n  title: \(title)\n  week: 2024-W47\n"
        }
        try repo.plant(path: "events/a/bc/abcd00000000000000000001.yaml", text: text("abcd00000000000000000001", "kept", 1))
        try repo.plant(path: "events/f/ed/fedc00000000000000000002.yaml", text: text("fedc00000000000000000002", "damaged", 2))
        XCTAssertEqual(try repo.store().doctor(), [])
        let damaged = try repo.git("rev-parse", "refs/teamflow/events:events/f/ed/fedc00000000000000000002.yaml")
        let other = try repo.git("rev-parse", "refs/teamflow/events:events/a/bc/abcd00000000000000000001.yaml")
        let object = { (id: String) in repo.path + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: object(damaged))
        try FileManager.default.removeItem(atPath: object(damaged))
        try FileManager.default.copyItem(atPath: object(other), toPath: object(damaged))
        let problems = try repo.store().doctor()
        XCTAssertTrue(problems.contains { $0.path == "events/f/ed/fedc00000000000000000002.yaml" && $0.message.contains("unreadable") },
                      problems.description)
    }

    /// The same in a pack, at a size where the replay reads the packs itself: its pack reader
    /// does not hash, so while `doctor` checks ids libgit2 reads. The index here sends each of
    /// two ids to the other's object; read without the check, each file would give the other's
    /// event (an id that does not match the file name), not an unreadable object.
    func testDoctorFindsAPackedObjectThatIsNotWhatItsIDNames() throws {
        let repo = try TestRepository()
        var stream = ""
        for clock in 1...4_200 {
            stream += "---\nv: 1\nid: \(String(format: "%024x", clock))\nat: 2024-11-19T10:00:00+09:00\n"
                + "author:\n  name: x\n  email: x@example.com\nclock: \(clock)\ntype: goal.added\ndata:\n  title: goal \(clock)\n  week: '2024-W47'\n"
        }
        do {
            let store = try repo.store()
            XCTAssertEqual(try store.importStream(stream, file: "goals.yaml", author: nil, at: "2024-11-19T10:00:00+09:00").added, 4_200)
        }
        _ = try repo.git("repack", "-adq")
        let paths = try repo.git("ls-tree", "-r", "--name-only", "refs/teamflow/events").split(separator: "\n").map(String.init)
        let first = try XCTUnwrap(paths.first { $0.hasSuffix("000000000000000000000007.yaml") })
        let second = try XCTUnwrap(paths.first { $0.hasSuffix("000000000000000000000009.yaml") })
        let ids = try [first, second].map { try XCTUnwrap(ObjectID(hex: try repo.git("rev-parse", "refs/teamflow/events:" + $0).trimmingCharacters(in: .whitespacesAndNewlines))) }
        let folder = repo.path + "/.git/objects/pack"
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".idx") })
        var index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        let count = index[1_028 ..< 1_032].reduce(0) { $0 << 8 | Int($1) }
        let entries = try ids.map { id in try XCTUnwrap((0..<count).first { index[1_032 + $0 * 20 ..< 1_052 + $0 * 20].elementsEqual(id.raw) }) }
        let offsets = entries.map { 1_032 + count * 24 + $0 * 4 }
        for byte in 0..<4 { index.swapAt(offsets[0] + byte, offsets[1] + byte) }
        try FileManager.default.removeItem(atPath: folder + "/" + name)
        try Data(index).write(to: URL(fileURLWithPath: folder + "/" + name))
        let problems = try repo.store().doctor()
        for path in [first, second] {
            XCTAssertTrue(problems.contains { $0.path == path && $0.message.contains("unreadable") }, problems.description)
        }
    }

    /// The head file's clock carries a checksum too: a damaged digit is ignored, not used.
    func testADamagedHeadClockIsIgnored() throws {
        let folder = NSTemporaryDirectory() + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = StateCache(commonDirectory: folder, ref: "refs/teamflow/events")
        cache.writeHead(tip: "abc", maxClock: 40123)
        XCTAssertEqual(cache.maxClock(at: "abc"), 40123)
        let path = folder + "/teamflow/head-refs-teamflow-events"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "40123", with: "40113")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.maxClock(at: "abc"))
    }

    /// The head file is rewritten in place: a shorter line over a longer one reads back alone,
    /// a torn line (cut mid-way, or with an older tail) is ignored, and a symlink planted in
    /// its place is not written through.
    func testTheHeadFileIsRewrittenInPlaceAndNeverThroughASymlink() throws {
        let folder = NSTemporaryDirectory() + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = StateCache(commonDirectory: folder, ref: "refs/teamflow/events")
        let path = folder + "/teamflow/head-refs-teamflow-events"
        cache.writeHead(tip: String(repeating: "f", count: 40), maxClock: 123_456_789)
        cache.writeHead(tip: "abc", maxClock: 7)
        XCTAssertEqual(cache.maxClock(at: "abc"), 7)
        XCTAssertNil(cache.maxClock(at: String(repeating: "f", count: 40)))
        let line = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(String(decoding: line, as: UTF8.self).filter { $0 == "\n" }.count, 1, "no older tail is left")

        try line.prefix(line.count - 3).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.maxClock(at: "abc"), "a torn line is not read")
        try (line.dropLast() + Data("0\n".utf8)).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(cache.maxClock(at: "abc"), "a line with an older tail is not read")

        let outside = folder + "/outside"
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside)
        cache.writeHead(tip: "abc", maxClock: 9)
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "untouched")
    }

    // MARK: Clocks

    /// An event with a clock of 2^63-1 (or 2^63-2) planted in the history: it is reported and
    /// skipped, and every writer keeps working (it died with SIGILL: the next clock overflowed).
    func testAnOversizedClockIsSkippedAndWritesGoOn() throws {
        for clock in ["9223372036854775807", "9223372036854775806", "9007199254740993", "99999999999999999999999"] {
            let repo = try TestRepository()
            _ = try repo.addGoal("first")
            try plant(in: repo, id: "deadbeefdeadbeefdeadbeef", clock: clock, title: "hostile")
            let store = try repo.store()
            var problems: [Diagnostic] = []
            store.onDiagnostic = { problems.append($0) }
            _ = try repo.addGoal("second", store: store)
            _ = try repo.addGoal("third", store: store)
            XCTAssertEqual(Set(try store.state().goals.values.map(\.title)), ["first", "second", "third"], clock)
            XCTAssertTrue(problems.contains { $0.message.contains("clock") && $0.path.contains("deadbeef") }, "\(clock): \(problems)")
            XCTAssertTrue(try store.events().allSatisfy { Event.isValidClock($0.clock) })
            XCTAssertTrue(try store.doctor().contains { $0.path.contains("deadbeef") && $0.message.contains("2^53") })
        }
    }

    func testImportRefusesAnOversizedClockWithItsLine() throws {
        let repo = try TestRepository()
        let stream = """
        ---
        v: 1
        id: 0123456789abcdef01234567
        type: goal.added
        at: 2024-11-19T10:00:00+09:00
        author:
          name: x
          email: x@example.com
        clock: 9223372036854775807
        data:
          title: t
          week: 2024-W47

        """
        XCTAssertThrowsError(try repo.store().importStream(stream, file: "in.yaml", author: nil, at: "2024-11-19T10:00:00+09:00")) { error in
            XCTAssertTrue("\(error)".contains("in.yaml:9:8"), "\(error)")
        }
        XCTAssertNil(try repo.store().tip())
    }

    /// A sync never merges an event whose clock would stop older writers; it names the event.
    func testSyncRefusesToMergeAnOversizedClock() throws {
        let remote = try TestRepository()
        _ = try remote.addGoal("remote goal")
        try plant(in: remote, id: "cafecafecafecafecafecafe", clock: "9223372036854775807", title: "hostile")
        let local = try TestRepository()
        _ = try local.addGoal("local goal")
        let before = try local.git("rev-parse", "refs/teamflow/events")
        let store = try local.store()
        XCTAssertThrowsError(try store.sync(remote: remote.path, transport: try GitTransport(repository: store.repository, progress: false),
                                            author: TestRepository.author, at: "2024-11-19T12:00:00+09:00")) { error in
            XCTAssertTrue("\(error)".contains("cafecafecafecafecafecafe"), "\(error)")
            XCTAssertTrue("\(error)".contains("nothing was merged"), "\(error)")
        }
        XCTAssertEqual(try local.git("rev-parse", "refs/teamflow/events"), before)
    }

    func testClockPrefilterOnlyPassesShortPlainClocks() {
        XCTAssertFalse(ClockScan.mayBeOversized(Array("v: 1\nclock: 42\ndata: {}\n".utf8)))
        XCTAssertFalse(ClockScan.mayBeOversized(Array("clock: 999999999999999\n".utf8)))
        XCTAssertTrue(ClockScan.mayBeOversized(Array("clock: 9007199254740993\n".utf8)))
        XCTAssertTrue(ClockScan.mayBeOversized(Array("clock: 0x7fffffffffffffff\n".utf8)))
        XCTAssertTrue(ClockScan.mayBeOversized(Array("clock: !!int 42\n".utf8)))
        XCTAssertTrue(ClockScan.mayBeOversized(Array("data:\n  clock: 1\n".utf8)))
        // The value, where the scan reads one: the first `clock:` at a line's start.
        let clock = { (text: String) in ClockScan.plainClock(Array(text.utf8)) }
        XCTAssertEqual(clock("v: 1\nid: x\nclock: 42\ndata:\n  clock: 7\n"), 42)
        XCTAssertEqual(clock("clock:5"), 5)
        XCTAssertEqual(clock("v: 1\r\nclock: 310\r\n"), 310)
        XCTAssertEqual(clock("\n\nclock:   0\n"), 0)
        XCTAssertEqual(clock("clock: 999999999999999"), 999_999_999_999_999)
        XCTAssertNil(clock("xclock: 5\nv: 1\n"))
        XCTAssertNil(clock("clock: 1234567890123456\n"))
        XCTAssertNil(clock("clock: 12a\n"))
        XCTAssertNil(clock("clock: \n"))
        XCTAssertNil(clock("clock: 5\rx\n"))
        XCTAssertNil(clock("cloc"))
    }

    // MARK: Import keeps what it reads

    /// PyYAML (YAML 1.1) writes the id `10170220887308185e327808` plain: to a YAML 1.2 reader
    /// a float. It was imported as `id: .inf` and then skipped on every read.
    func testImportKeepsAStringWrittenPlainByAYAML11Tool() throws {
        let repo = try TestRepository()
        let stream = """
        at: '2024-11-19T10:00:00+09:00'
        author: {email: x@example.com, name: x}
        clock: 3
        data: {title: 1e5, week: 2024-W47}
        id: 10170220887308185e327808
        type: goal.added
        v: 1

        """
        let store = try repo.store()
        XCTAssertEqual(try store.importStream(stream, file: "py.yaml", author: nil, at: "2024-11-19T10:00:00+09:00").added, 1)
        let file = try repo.git("show", "refs/teamflow/events:events/1/01/10170220887308185e327808.yaml")
        XCTAssertTrue(file.contains("id: '10170220887308185e327808'"), file)
        XCTAssertFalse(file.contains(".inf"), file)
        let goal = try XCTUnwrap(try repo.store().state().goals["10170220887308185e327808"])
        XCTAssertEqual(goal.title, "1e5")
        XCTAssertTrue(try repo.store().doctor().isEmpty)
    }

    /// An id of digits written plain (`task: 900000000000000000000003`) is text by the
    /// schema: it is kept as that id, not refused as a huge number or stored as an integer.
    func testImportKeepsTextFieldsWrittenAsNumbers() throws {
        let repo = try TestRepository()
        let stream = "v: 1\nid: 900000000000000000000003\ntype: task.added\nat: 2024-11-19T10:00:00+09:00\n"
            + "author: {name: x, email: x@example.com}\nclock: 3\ndata:\n  title: 2024\n  week: 2024-W47\n---\n"
            + "v: 1\nid: 900000000000000000000004\ntype: task.checked\nat: 2024-11-19T10:00:00+09:00\n"
            + "author: {name: x, email: x@example.com}\nclock: 4\ndata:\n  task: 900000000000000000000003\n"
        XCTAssertEqual(try repo.store().importStream(stream, file: "n.yaml", author: nil, at: "2024-11-19T10:00:00+09:00").added, 2)
        let task = try XCTUnwrap(try repo.store().state().tasks["900000000000000000000003"])
        XCTAssertEqual(task.title, "2024")
        XCTAssertTrue(task.done)
        XCTAssertTrue(try repo.store().doctor().isEmpty)
    }

    func testImportRefusesWhatItCannotStoreAsWritten() throws {
        for (value, expected) in [("123456789012345678901234567890", "does not fit in 64 bits"), ("!custom x", "tag")] {
            let repo = try TestRepository()
            let stream = "v: 1\nid: 0123456789abcdef01234567\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\n"
                + "author: {name: x, email: x@example.com}\nclock: 3\ndata:\n  title: t\n  weird: \(value)\n"
            XCTAssertThrowsError(try repo.store().importStream(stream, file: "w.yaml", author: nil, at: "2024-11-19T10:00:00+09:00")) { error in
                XCTAssertTrue("\(error)".contains("w.yaml:9:10"), "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
            XCTAssertNil(try repo.store().tip())
        }
    }

    // MARK: doctor

    /// Hand-made parent cycles (a task its own parent; two tasks each other's parent): both
    /// vanished silently. Now they fold (the cycle broken) and `doctor` names the cycle.
    func testParentCyclesFoldAsTasksAndDoctorReportsThem() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("anchor")
        let a = "aaaa00000000000000000001", b = "bbbb00000000000000000002", c = "cccc00000000000000000003"
        try plant(in: repo, id: a, clock: "5", type: "task.added", data: "  title: A\n  week: 2024-W47\n  parent: \(b)\n")
        try plant(in: repo, id: b, clock: "6", type: "task.added", data: "  title: B\n  week: 2024-W47\n  parent: \(a)\n")
        try plant(in: repo, id: c, clock: "7", type: "task.added", data: "  title: C\n  week: 2024-W47\n  parent: \(c)\n")
        let state = try repo.store().state()
        XCTAssertEqual(Set(state.liveTasks.map(\.title)), ["A", "B", "C"])
        XCTAssertNil(state.tasks[c]?.parent)
        XCTAssertTrue(state.tasks[a]?.parent == nil || state.tasks[b]?.parent == nil)
        XCTAssertNoThrow(try state.task(named: "A"))
        let cycles = try repo.store().doctor().filter { $0.message.contains("cycle") }
        XCTAssertEqual(cycles.count, 2, "\(cycles)")
        XCTAssertTrue(cycles.contains { $0.message.contains("aaaa0000 -> bbbb0000 -> aaaa0000") }, "\(cycles)")
        XCTAssertTrue(cycles.contains { $0.message.contains("cccc0000 -> cccc0000") }, "\(cycles)")
    }

    func testDoctorReportsKnownTypesWithBadData() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("anchor")
        try plant(in: repo, id: "dddd00000000000000000004", clock: "5", type: "review.added",
                  data: "  pr: 73786976294838206464\n  title: t\n  week: 2024-W47\n  sections: 5\n")
        try plant(in: repo, id: "eeee00000000000000000005", clock: "6", type: "goal.checked", data: "  other: 1\n")
        let problems = try repo.store().doctor().map(\.description)
        XCTAssertTrue(problems.contains { $0.contains("dddd") && $0.contains("data.pr of review.added must be an integer") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("dddd") && $0.contains("data.sections of review.added must be a list") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("eeee") && $0.contains("goal.checked needs data.goal") }, "\(problems)")
        XCTAssertEqual(problems.count, 3, "\(problems)")
    }

    func testDoctorReportsLinksSubmodulesAndFilesThatAreNotEvents() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("anchor")
        let link = try repo.git("hash-object", "-w", "--stdin", input: "../../.git/config")
        let note = try repo.git("hash-object", "-w", "--stdin", input: "hello")
        let commit = try repo.git("rev-parse", "refs/teamflow/events")
        try plantEntries(in: repo, [("120000", link, "events/ab/link.yaml"), ("160000", commit, "events/sub"),
                                    ("100644", note, "events/ab/notes.txt"), ("100644", note, "README.md")])
        let problems = try repo.store().doctor().map(\.description)
        XCTAssertTrue(problems.contains { $0.hasPrefix("events/ab/link.yaml: warning: a symbolic link") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("events/sub: warning: a submodule entry") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("events/ab/notes.txt: warning: a file") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("README.md: warning: a file outside events/") }, "\(problems)")
        XCTAssertEqual(problems.count, 4, "\(problems)")
    }

    /// A cache that decodes and passes its checksum but holds the wrong state (written by a
    /// buggy version, say): `doctor` finds it by a replay, says so and rebuilds it.
    func testDoctorComparesTheCacheWithAReplay() throws {
        let repo = try TestRepository()
        let goal = try repo.addGoal("one")
        _ = try repo.addGoal("two")
        let store = try repo.store()
        let tip = try XCTUnwrap(try store.tip())
        var wrong = try store.replay(at: tip)
        wrong.state.goals[goal.id]?.done = true
        StateCache(commonDirectory: repo.path + "/.git", ref: GitEventStore.defaultRef).write(wrong)
        XCTAssertEqual(try repo.store().state().goals[goal.id]?.done, true) // served from the cache
        let problems = try repo.store().doctor()
        XCTAssertEqual(problems.map(\.severity), [.error])
        XCTAssertTrue(problems[0].message.contains("differed from a replay"), "\(problems)")
        XCTAssertEqual(try repo.store().state().goals[goal.id]?.done, false)
        XCTAssertTrue(try repo.store().doctor().isEmpty)
    }

    /// `checkup` counts the events its own replay folds instead of reading the history again:
    /// the count must be what a plain read of every event gives, on the streaming path and on
    /// the full read a file outside the canonical paths sends it to.
    func testCheckupCountsWhatAFullReadCounts() throws {
        let repo = try TestRepository()
        for i in 0..<3 { _ = try repo.addGoal("goal \(i)") }
        try plant(in: repo, id: "aaaa00000000000000000001", clock: "7", title: "legacy layout")
        try repo.plant(path: "events/b/bb/bbbb00000000000000000002.yaml", text: "v: 1\nid: [not closed\n")
        try repo.plant(path: "events/c/cc/cccc00000000000000000003.yaml",
                       text: "v: 1\nid: dddd00000000000000000004\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\n"
                           + "author:\n  name: x\n  email: x@example.com\nclock: 8\ndata:\n  title: t\n  week: 2024-W47\n")
        let streamed = try repo.store().checkup()
        XCTAssertEqual(streamed.events, try repo.store().events().count)
        XCTAssertEqual(streamed.events, 4, "three goals and the legacy file; the corrupt and misnamed files are skipped")
        XCTAssertEqual(streamed.problems.count, 2, "\(streamed.problems)")

        try repo.plant(path: "events/elsewhere/eeee00000000000000000005.yaml",
                       text: "v: 1\nid: eeee00000000000000000005\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\n"
                           + "author:\n  name: x\n  email: x@example.com\nclock: 9\ndata:\n  title: t\n  week: 2024-W47\n")
        let full = try repo.store().checkup()
        XCTAssertEqual(full.events, try repo.store().events().count)
        XCTAssertEqual(full.events, 5)
    }

    /// Commits an event file by hand, as a teammate's tool or an attacker would.
    private func plant(in repo: TestRepository, id: String, clock: String, title: String) throws {
        try plant(in: repo, id: id, clock: clock, type: "goal.added", data: "  title: \(title)\n  week: 2024-W47\n")
    }

    private func plant(in repo: TestRepository, id: String, clock: String, type: String, data: String) throws {
        let text = "v: 1\nid: \(id)\ntype: \(type)\nat: 2024-11-19T10:00:00+09:00\nauthor:\n  name: x\n  email: x@example.com\n"
            + "clock: \(clock)\ndata:\n" + data
        try repo.plant(path: "events/\(id.prefix(2))/\(id).yaml", text: text)
    }

    private func plantEntries(in repo: TestRepository, _ entries: [(String, String, String)]) throws {
        try repo.plantEntries(entries.map { (mode: $0.0, object: $0.1, path: $0.2) })
    }
}
