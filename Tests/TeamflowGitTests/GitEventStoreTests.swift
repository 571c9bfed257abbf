import Foundation
import Git
import TeamflowCore
@testable import TeamflowGit
import XCTest

final class GitEventStoreTests: XCTestCase {
    func testAppendWritesOneCommitPerEventOnTheRefOnly() throws {
        let repo = try TestRepository()
        try repo.git("commit", "-q", "--allow-empty", "-m", "app work")
        let headBefore = try repo.git("rev-parse", "HEAD")
        let first = try repo.addGoal("에픽 1, 2 빠르게 완성 🚀")
        let second = try repo.addGoal("배포 꼭 하기 ← 안하면 혼남")

        XCTAssertEqual(first.clock, 1)
        XCTAssertEqual(second.clock, 2)
        XCTAssertNotEqual(first.id, second.id)
        XCTAssertEqual(first.id.count, EventID.length)
        XCTAssertEqual(try repo.git("rev-parse", "HEAD"), headBefore, "HEAD never moves")
        XCTAssertEqual(try repo.git("status", "--porcelain"), "", "working tree and index untouched")

        let log = try repo.git("log", "--format=%an <%ae>|%s", "refs/teamflow/events")
        XCTAssertEqual(log.split(separator: "\n").count, 2)
        XCTAssertTrue(log.hasPrefix("건우 <gw@example.com>|goal: add \"배포 꼭 하기 ← 안하면 혼남\""), log)
        let files = try repo.git("ls-tree", "-r", "--name-only", "refs/teamflow/events").split(separator: "\n")
        XCTAssertEqual(Set(files), ["events/\(first.id.prefix(1))/\(first.id.dropFirst().prefix(2))/\(first.id).yaml", "events/\(second.id.prefix(1))/\(second.id.dropFirst().prefix(2))/\(second.id).yaml"])
        _ = try repo.git("fsck", "--strict")
    }

    func testEventsReadBackInClockOrderWithAllFields() throws {
        let repo = try TestRepository()
        let added = try repo.addGoal("  spaces kept? no: titles are data  ")
        let events = try repo.store().events()
        XCTAssertEqual(events, [added])
        XCTAssertEqual(events[0].author, TestRepository.author)
        XCTAssertEqual(events[0].at, "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(events[0].data.string("title"), "  spaces kept? no: titles are data  ")
    }

    func testStoredFileIsTheCanonicalDocument() throws {
        let repo = try TestRepository()
        let event = try repo.addGoal("배포")
        let text = try repo.git("cat-file", "-p", "refs/teamflow/events:events/\(event.id.prefix(1))/\(event.id.dropFirst().prefix(2))/\(event.id).yaml")
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "v: 1")
        XCTAssertTrue(lines.contains("type: goal.added"))
        XCTAssertTrue(lines.contains("clock: 1"))
        XCTAssertTrue(lines.contains("  name: 건우"))
    }

    /// An append emits an event once and puts the id line between the parts: the result must
    /// be the canonical document for every id and data shape.
    func testTextAroundTheIDJoinsToTheCanonicalDocument() {
        let comments: Value = .list([.map(["by": "a", "text": "첫 줄\n둘째 줄\n", "posted": "2024-11-18T00:00:00Z"]),
                                     .map(["by": "b", "text": "tab\there \u{2028}", "state": "approved"])])
        let datas: [Fields] = [[:], ["title": "배포 🚀", "week": "2024-W47", "done": false, "n": 3],
                               ["pr": 95, "comments": comments, "sections": .list([])],
                               ["nested": .map(["deeper": .map(["list": .list([.list([1, 2]), .map([:]), .null])])]), "empty": .map([:])]]
        let ids = ["d60b7c29ea883ca265b1b8c1", "0123456789abcdef01234567", "1e10", "yes", "", "abcd-1234"]
        for data in datas {
            for id in ids {
                let event = Event(id: id, type: "review.added", at: "2024-11-19T10:00:00+09:00",
                                  author: TestRepository.author, clock: 7, data: data, extra: ["later": .list([1, "x"])])
                var withoutID = event
                withoutID.id = ""
                XCTAssertEqual(EventCodec.TextAroundID(withoutID).text(id: id), EventCodec.encode(event), "id \(id)")
            }
        }
    }

    /// The first append on a ref folds its events into the empty state instead of reading
    /// them back from the ref; that state must be the one a rebuild gives.
    func testTheFirstAppendFoldsIntoTheEmptyStateLikeARebuild() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        let event = try repo.addGoal("첫 목표", store: store)
        let folded = try store.state()
        XCTAssertEqual(folded.goals.count, 1)
        XCTAssertEqual(folded.maxClock, event.clock)
        XCTAssertEqual(try repo.store().state(), folded)
        XCTAssertEqual(try repo.store().replayState().state, folded)
    }

    func testStateComesFromCacheAndSurvivesARefMovedByPlainGit() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        let a = try repo.addGoal("A", store: store)
        _ = try repo.addGoal("B", store: store)
        XCTAssertEqual(try store.state().goals.count, 2)
        // Move the ref back with plain git: the cache keyed by the old tip must not be served.
        let parent = try repo.git("rev-parse", "refs/teamflow/events~1")
        try repo.git("update-ref", "refs/teamflow/events", parent)
        let state = try repo.store().state()
        XCTAssertEqual(Array(state.goals.keys), [a.id])
        XCTAssertEqual(state.eventCount, 1)
    }

    func testDamagedCacheIsRebuiltNotTrusted() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("A")
        _ = try repo.store().state()
        let cacheDir = repo.path + "/.git/teamflow"
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheDir)
        XCTAssertFalse(files.isEmpty)
        for file in files { try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cacheDir + "/" + file)) }
        XCTAssertEqual(try repo.store().state().goals.count, 1)
    }

    func testACacheWithOneChangedByteIsRebuiltNotReadWrong() throws {
        // Entities are decoded from the cache lazily, long after it is opened: the checksum is
        // what keeps a flipped byte from showing up as a wrong title.
        let repo = try TestRepository()
        _ = try repo.addGoal("ZZZZ-unique-title")
        _ = try repo.store().state()
        let path = repo.path + "/.git/teamflow/state-refs-teamflow-events.bin"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let needle = Array("ZZZZ-unique-title".utf8)
        let at = try XCTUnwrap((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[at] = UInt8(ascii: "Y")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try repo.store().state().goals.values.map(\.title), ["ZZZZ-unique-title"])
    }

    func testIncrementalUpdateMatchesAFullRebuild() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        for i in 0..<5 { _ = try repo.addGoal("goal \(i)", store: store) }
        _ = try store.state()
        for i in 5..<9 { _ = try repo.addGoal("goal \(i)", store: store) }
        let incremental = try store.state()
        try FileManager.default.removeItem(atPath: repo.path + "/.git/teamflow")
        XCTAssertEqual(try repo.store().state(), incremental)
        XCTAssertEqual(incremental.goals.count, 9)
    }

    func testCorruptEventIsReportedWithLineAndColumnAndSkipped() throws {
        let repo = try TestRepository()
        let good = try repo.addGoal("good")
        try commitRawFile(repo, path: "events/zz/zzzzbroken.yaml", contents: "v: 1\nid: [unclosed\ntype: x\n")
        try commitRawFile(repo, path: "events/other/folder/abcd1234.yaml", contents: "v: 1\nid: abcd1234\ntype: goal.added\n")

        let store = try repo.store()
        var reported: [Diagnostic] = []
        store.onDiagnostic = { reported.append($0) }
        let state = try store.state()
        XCTAssertEqual(Array(state.goals.keys), [good.id])
        XCTAssertEqual(reported.count, 2)
        let yaml = try XCTUnwrap(reported.first { $0.path == "events/zz/zzzzbroken.yaml" })
        XCTAssertNotNil(yaml.line)
        XCTAssertNotNil(yaml.column)
        XCTAssertTrue(yaml.description.hasPrefix("events/zz/zzzzbroken.yaml:"), yaml.description)
        let missing = try XCTUnwrap(reported.first { $0.path == "events/other/folder/abcd1234.yaml" })
        XCTAssertTrue(missing.message.contains("missing key"), missing.message)
        XCTAssertEqual(try store.doctor().count, 2)
    }

    func testDoctorFindsAnEventAppendedWithAStaleClock() throws {
        let repo = try TestRepository()
        for i in 0..<3 { _ = try repo.addGoal("goal \(i)") }
        XCTAssertEqual(try repo.store().doctor(), [], "a clean history has no problems")
        // A tool that ignores the Lamport rule appends an event with clock 1 after clock 3.
        let stale = """
            v: 1
            id: abcd0001
            type: goal.added
            at: '2024-11-19T10:00:00+09:00'
            author:
              name: Tool
              email: tool@example.com
            clock: 1
            data:
              title: late
              week: 2024-W47

            """
        try commitRawFile(repo, path: "events/ab/abcd0001.yaml", contents: stale)
        let problems = try repo.store().doctor()
        XCTAssertEqual(problems.map(\.path), ["events/ab/abcd0001.yaml"])
        XCTAssertEqual(problems.first?.severity, .warning)
        XCTAssertTrue(problems.first?.message.contains("highest 3") == true, problems.description)
        XCTAssertEqual(try repo.store().state().goals.count, 4, "the event still counts")
    }

    /// An import keeps its events' clocks (exempt from the rule) but raises the bar for what
    /// comes after it; doctor takes the import's clocks from its replay, whether the import
    /// is the whole history or not.
    func testDoctorChecksAnAppendAgainstTheClocksOfTheImportBeforeIt() throws {
        let repo = try TestRepository()
        var stream = ""
        for (index, clock) in [40, 7, 25].enumerated() {
            stream += "---\nv: 1\nid: beef000\(index)\ntype: goal.added\nat: 2024-11-19T10:00:00+09:00\n"
                + "author:\n  name: x\n  email: x@example.com\nclock: \(clock)\ndata:\n  title: g\(index)\n  week: 2024-W47\n"
        }
        let store = try repo.store()
        XCTAssertEqual(try store.importStream(stream, file: "old.yaml", author: nil, at: "2024-11-19T10:00:00+09:00").added, 3)
        XCTAssertEqual(try repo.store().doctor(), [], "a history of one import has no problems")
        let stale = "v: 1\nid: abcd0001\ntype: goal.added\nat: '2024-11-19T10:00:00+09:00'\nauthor:\n  name: Tool\n  email: tool@example.com\n"
            + "clock: 39\ndata:\n  title: late\n  week: 2024-W47\n"
        try commitRawFile(repo, path: "events/a/bc/abcd0001.yaml", contents: stale)
        let problems = try repo.store().doctor()
        XCTAssertEqual(problems.map(\.path), ["events/a/bc/abcd0001.yaml"])
        XCTAssertTrue(problems.first?.message.contains("highest 40") == true, problems.description)
    }

    func testImportIsIdempotentAndKeepsIdsAndClocks() throws {
        let source = try TestRepository()
        _ = try source.addGoal("하나")
        _ = try source.addGoal("둘 🎉")
        let stream = try source.store().exportStream()
        XCTAssertEqual(stream.components(separatedBy: "---\n").count - 1, 2)

        let target = try TestRepository()
        let store = try target.store()
        let first = try store.importStream(stream, file: "backup.yaml", author: TestRepository.author, at: "2024-11-20T10:00:00+09:00")
        XCTAssertEqual(first, ImportResult(added: 2, skipped: 0))
        let again = try store.importStream(stream, file: "backup.yaml", author: TestRepository.author, at: "2024-11-20T10:00:00+09:00")
        XCTAssertEqual(again, ImportResult(added: 0, skipped: 2))
        XCTAssertEqual(try store.events(), try source.store().events())
        XCTAssertEqual(try store.exportStream(), stream)
        XCTAssertEqual(try target.git("rev-list", "--count", "refs/teamflow/events"), "1", "one commit per import")
        _ = try target.git("fsck", "--strict")
    }

    func testImportRefusesAnIdWithOtherContent() throws {
        let repo = try TestRepository()
        let event = try repo.addGoal("original")
        var changed = try repo.store().exportStream()
        changed = changed.replacingOccurrences(of: "original", with: "tampered")
        XCTAssertThrowsError(try repo.store().importStream(changed, file: "x.yaml", author: nil, at: "2024-11-20T10:00:00Z")) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .conflict)
        }
        XCTAssertEqual(try repo.store().events().map(\.id), [event.id])
    }

    func testConfiguredRefIsUsed() throws {
        let repo = try TestRepository()
        try repo.git("config", "teamflow.ref", "refs/heads/teamflow")
        _ = try repo.addGoal("on a branch")
        XCTAssertEqual(try repo.git("ls-tree", "-r", "--name-only", "refs/heads/teamflow").split(separator: "\n").count, 1)
        XCTAssertThrowsError(try repo.git("rev-parse", "--verify", "-q", "refs/teamflow/events"))
    }

    func testConcurrentAppendersFromThreadsLoseNothing() throws {
        let repo = try TestRepository()
        let path = repo.path
        let failures = FailureLog()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                let store = try GitEventStore.open(at: path)
                for i in 0..<5 { try repo.addGoal("w\(worker)-\(i)", store: store) }
            } catch {
                failures.add("\(error)")
            }
        }
        XCTAssertEqual(failures.messages, [])
        let commits = try repo.git("rev-list", "--count", "refs/teamflow/events")
        let reflog = (try? String(contentsOfFile: repo.path + "/.git/logs/refs/teamflow/events", encoding: .utf8)) ?? "none"
        XCTAssertEqual(commits, "20", "commits on the ref; reflog:\n\(reflog)")
        let events = try repo.store().events()
        XCTAssertEqual(events.count, 20)
        XCTAssertEqual(Set(events.map(\.id)).count, 20)
        _ = try repo.git("fsck", "--strict")
    }

    /// Commits a file onto the events ref with plain git plumbing, as a careless hand would.
    private func commitRawFile(_ repo: TestRepository, path: String, contents: String) throws {
        let index = repo.path + "/.git/tmp-index-" + UUID().uuidString
        let env = ["GIT_INDEX_FILE": index]
        let cwd = repo.path
        _ = try TestRepository.run("/usr/bin/git", ["read-tree", "refs/teamflow/events"], cwd: cwd, environment: env)
        let blob = try TestRepository.run("/usr/bin/git", ["hash-object", "-w", "--stdin"], cwd: cwd, input: contents)
        _ = try TestRepository.run("/usr/bin/git", ["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], cwd: cwd, environment: env)
        let tree = try TestRepository.run("/usr/bin/git", ["write-tree"], cwd: cwd, environment: env)
        let commit = try TestRepository.run("/usr/bin/git", ["commit-tree", tree, "-p", "refs/teamflow/events", "-m", "hand edit"], cwd: cwd)
        try repo.git("update-ref", "refs/teamflow/events", commit)
        try? FileManager.default.removeItem(atPath: index)
    }
}

/// Collects errors from worker threads.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ message: String) { lock.lock(); stored.append(message); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// The journal of our own appends: used when it continues the snapshot, ignored otherwise.
final class StateJournalTests: XCTestCase {
    func testReadersFoldTheJournalAndAgreeWithARebuild() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        for i in 0..<3 { _ = try repo.addGoal("before \(i)", store: store) }
        _ = try store.state() // writes the snapshot and starts the journal
        for i in 0..<5 { _ = try repo.addGoal("after \(i)", store: try repo.store()) }
        let journal = try String(contentsOfFile: repo.path + "/.git/teamflow/journal-refs-teamflow-events", encoding: .utf8)
        XCTAssertEqual(journal.components(separatedBy: "\nrecord ").count - 1, 5, journal)
        let fromJournal = try repo.store().state()
        try FileManager.default.removeItem(atPath: repo.path + "/.git/teamflow")
        XCTAssertEqual(try repo.store().state(), fromJournal)
        XCTAssertEqual(fromJournal.goals.count, 8)
    }

    /// An event larger than the journal may grow (a review with thousands of comments) is
    /// left to the readers' tree diff instead of being copied into the journal.
    func testAnEventTooLargeForTheJournalIsReadFromTheTree() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        _ = try repo.addGoal("before", store: store)
        _ = try store.state() // writes the snapshot and starts the journal
        let path = repo.path + "/.git/teamflow/journal-refs-teamflow-events"
        let emptyJournal = try Data(contentsOf: URL(fileURLWithPath: path))
        // A wiki body (1 MiB allowed per event) is the largest an event may be; titles stop at 4 KiB.
        let body = String(repeating: "긴 본문 ", count: StateJournal.maximumSize / 10)
        let page = EventDraft(type: EventType.wikiSaved, data: ["title": "큰 페이지", "body": .string(body)], summary: "wiki: save")
        _ = try repo.store().append([page], author: TestRepository.author, at: "2024-11-19T10:00:00+09:00")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), emptyJournal, "no record for the huge event")
        _ = try repo.addGoal("after", store: try repo.store())
        let caughtUp = try repo.store().state()
        XCTAssertEqual(caughtUp.goals.count, 2)
        XCTAssertEqual(caughtUp.wiki.count, 1)
        XCTAssertEqual(try repo.store().replayState().state, caughtUp)
    }

    func testSnapshotRewritesExtendThePreviousOneAndAgreeWithARebuild() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        var ids: [String] = []
        for i in 0..<3 { ids.append(try repo.addGoal("before \(i)", store: store).id) }
        _ = try store.state() // a fresh snapshot
        let cache = StateCache(commonDirectory: repo.path + "/.git", ref: "refs/teamflow/events")
        XCTAssertEqual(cache.read()?.extensions, 0)
        for round in 1...2 {
            let writer = try repo.store()
            for i in 0..<StateCache.rewriteAfter {
                if i % 8 == 0, let id = ids.randomElement() {
                    let draft = EventDraft(type: EventType.goalChecked, data: ["goal": .string(id)], summary: "check")
                    _ = try writer.append([draft], author: TestRepository.author, at: "2024-11-19T11:00:00+09:00")
                } else {
                    ids.append(try repo.addGoal("round \(round) goal \(i) 🎯", store: writer).id)
                }
            }
            _ = try repo.store().state() // 64 behind: rewritten, extending the last snapshot
            let entry = try XCTUnwrap(cache.read())
            XCTAssertEqual(entry.extensions, round)
            let rebuilt = try repo.store().state()
            XCTAssertEqual(entry.state, rebuilt)
        }
        let fromCache = try repo.store().state()
        try FileManager.default.removeItem(atPath: repo.path + "/.git/teamflow")
        XCTAssertEqual(try repo.store().state(), fromCache)
        XCTAssertEqual(fromCache.goals.count, ids.count)
        XCTAssertTrue(fromCache.goals.values.contains { $0.done })
    }

    func testAfterEnoughExtensionsASnapshotIsWrittenAfresh() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("one")
        _ = try repo.store().state()
        let cache = StateCache(commonDirectory: repo.path + "/.git", ref: "refs/teamflow/events")
        var entry = try XCTUnwrap(cache.read())
        entry.extensions = StateCache.extendLimit - 1
        XCTAssertEqual(cache.write(entry), StateCache.extendLimit)
        entry = try XCTUnwrap(cache.read())
        XCTAssertEqual(entry.extensions, StateCache.extendLimit)
        XCTAssertEqual(cache.write(entry), 0)
        XCTAssertEqual(cache.read()?.extensions, 0)
        XCTAssertEqual(cache.read()?.state.goals.values.map(\.title), ["one"])
    }

    func testATornOrForeignJournalIsIgnored() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("one")
        _ = try repo.store().state()
        _ = try repo.addGoal("two")
        _ = try repo.addGoal("three")
        let path = repo.path + "/.git/teamflow/journal-refs-teamflow-events"
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        bytes.removeLast(20) // a process killed in the middle of its append
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(Set(try repo.store().state().goals.values.map(\.title)), ["one", "two", "three"])

        // A record claiming a tip whose parent is not the snapshot's tip must not be folded.
        let base = try XCTUnwrap(String(data: bytes, encoding: .utf8)?.split(separator: "\n").first)
        let bogus = "\(base)\nrecord \(try repo.git("rev-parse", "refs/teamflow/events")) 1\n5\nv: 1\n\n"
        try Data(bogus.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try repo.store().state().goals.count, 3)
    }

    /// Records with valid checksums that still must not be folded: one whose commit bytes do
    /// not hash to its tip (forged: the parent line rewritten), and one whose genuine commit
    /// has another parent than the snapshot's tip. Each carries an event that a fold would
    /// show; the state must come from the ref instead.
    func testAJournalRecordMustProveItsParentWithItsOwnCommit() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("one")
        let snapshotTip = try repo.git("rev-parse", "refs/teamflow/events")
        _ = try repo.store().state() // the snapshot and an empty journal at `snapshotTip`
        _ = try repo.addGoal("two")
        _ = try repo.addGoal("three")
        let tip = try repo.git("rev-parse", "refs/teamflow/events")
        let parent = try repo.git("rev-parse", "refs/teamflow/events~1")
        let commit = Array((try repo.git("cat-file", "commit", tip) + "\n").utf8) // git() trims the message's newline
        XCTAssertEqual(RawCommit(bytes: commit, id: try XCTUnwrap(ObjectID(hex: tip)))?.parents, [try XCTUnwrap(ObjectID(hex: parent))])
        let path = repo.path + "/.git/teamflow/journal-refs-teamflow-events"
        // A goal that could follow the snapshot: a new id and the next clock.
        var planted = try XCTUnwrap(try repo.store().events().first { $0.clock == 1 })
        planted.id = String(planted.id.dropLast()) + (planted.id.hasSuffix("0") ? "1" : "0")
        planted.clock = 2
        planted.data["title"] = "planted"
        let event = EventCodec.encode(planted)
        func plant(_ commit: [UInt8]) throws {
            let journal = StateJournal(url: URL(fileURLWithPath: path))
            journal.reset(base: snapshotTip)
            journal.append(parent: snapshotTip, tip: tip, commit: commit, events: [event])
            XCTAssertEqual(journal.contents(base: snapshotTip).records.count, 1, "the record itself is intact")
        }
        // Control: the genuine commit of `two`, whose parent is the snapshot's tip, is folded
        // (the planted goal shows until the ref's later commit is caught up by a tree diff).
        let two = Array((try repo.git("cat-file", "commit", parent) + "\n").utf8)
        let journal = StateJournal(url: URL(fileURLWithPath: path))
        journal.reset(base: snapshotTip)
        journal.append(parent: snapshotTip, tip: parent, commit: two, events: [event])
        XCTAssertEqual(Set(try repo.store().state().goals.values.map(\.title)), ["one", "planted", "three"])
        // The genuine commit of the tip: its parent is `two`, not the snapshot's tip.
        try plant(commit)
        XCTAssertEqual(Set(try repo.store().state().goals.values.map(\.title)), ["one", "two", "three"])
        // The same commit with its parent line pointing at the snapshot's tip: no longer the tip's bytes.
        let forged = String(decoding: commit, as: UTF8.self).replacingOccurrences(of: "parent \(parent)", with: "parent \(snapshotTip)")
        XCTAssertNotEqual(forged, String(decoding: commit, as: UTF8.self))
        try plant(Array(forged.utf8))
        XCTAssertEqual(Set(try repo.store().state().goals.values.map(\.title)), ["one", "two", "three"])
    }
}
