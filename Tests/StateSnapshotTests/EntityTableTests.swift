import Foundation
import XCTest
import TeamflowTestSupport
@testable import StateSnapshot
@testable import TeamflowCore

/// `EntityTable` must behave exactly like the `[String: Entity]` it replaced, whether its
/// entries come from a snapshot (decoded lazily) or were set since.
final class EntityTableTests: XCTestCase {
    private func goal(_ id: String, _ title: String, week: String = "2024-W47", clock: Int = 1) -> Goal {
        Goal(id: .init(id), title: title, week: week, sprint: nil, done: false, removed: false, createdBy: "Kim",
             createdAt: "2024-11-18T09:00:00+09:00", clock: clock)
    }

    /// A table and the dictionary it mirrors, the table read back from a snapshot.
    private func loaded(_ goals: [Goal]) throws -> (EntityTable<Goal>, [String: Goal]) {
        var table = EntityTable<Goal>()
        var dictionary: [String: Goal] = [:]
        for goal in goals {
            table[goal.id] = goal
            dictionary[goal.id.rawValue] = goal
        }
        var writer = SnapshotWriter()
        writer.write(table)
        var reader = SnapshotReader(bytes: writer.bytes)
        let copy = try reader.read(EntityTable<Goal>.self)
        XCTAssertTrue(reader.isAtEnd)
        return (copy, dictionary)
    }

    private func randomID(_ rng: inout SplitMix) -> String {
        String((0..<24).map { _ in Array("0123456789abcdef")[Int(rng.next() % 16)] })
    }

    func testALoadedTableAnswersEveryLookupLikeTheDictionary() throws {
        var rng = SplitMix(state: 7)
        let goals = (0..<500).map { goal(randomID(&rng), "목표 \($0) 🎯", clock: $0) }
        let (table, dictionary) = try loaded(goals)
        XCTAssertEqual(table.count, 500)
        for (id, goal) in dictionary { XCTAssertEqual(table[id], goal) }
        XCTAssertNil(table["0000000000000000000000zz"])
        XCTAssertNil(table[""])
        XCTAssertEqual(Set(table.keys), Set(dictionary.keys))
        let first = try XCTUnwrap(table.first)
        XCTAssertEqual(dictionary[first.key], first.value)
        XCTAssertNil(EntityTable<Goal>().first)
        XCTAssertEqual(table.values.sorted { $0.clock < $1.clock }, goals)
        XCTAssertEqual(table.values { $0.clock % 2 == 0 }.count, 250)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.map { (key: String, value: Goal) in (key, value) }), dictionary)
    }

    func testChangesShadowStoredEntriesAndCountStaysRight() throws {
        let goals = (0..<40).map { goal(String(format: "%024x", $0 * 7919), "g\($0)", clock: $0) }
        var (table, dictionary) = try loaded(goals)
        let first = goals[3].id, second = goals[17].id
        table[first]?.done = true
        dictionary[first.rawValue]?.done = true
        table[first]?.title = "renamed"
        dictionary[first.rawValue]?.title = "renamed"
        table[second] = nil
        dictionary[second.rawValue] = nil
        let added = goal("ffffffffffffffffffffffff", "new", clock: 99)
        table[added.id] = added
        dictionary[added.id.rawValue] = added
        XCTAssertEqual(table.count, dictionary.count)
        XCTAssertEqual(table[first]?.title, "renamed")
        XCTAssertEqual(table[first]?.done, true)
        XCTAssertNil(table[second])
        XCTAssertEqual(table.values.count, dictionary.count)
        XCTAssertEqual(Set(table.keys), Set(dictionary.keys))
        // A removed stored entry can come back.
        table[second] = goals[17]
        dictionary[second.rawValue] = goals[17]
        XCTAssertEqual(table[second], goals[17])
        XCTAssertEqual(table.count, dictionary.count)
        // Written again, the changed table reads back equal.
        var writer = SnapshotWriter()
        writer.write(table)
        var reader = SnapshotReader(bytes: writer.bytes)
        let again = try reader.read(EntityTable<Goal>.self)
        XCTAssertEqual(again, table)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: again.map { (key: String, value: Goal) in (key, value) }), dictionary)
    }

    func testAWriterExtendingTheSnapshotCopiesUnchangedEntriesAndMergesChanges() throws {
        var rng = SplitMix(state: 5)
        var goals = (0..<400).map { goal(randomID(&rng), "목표 \($0)", clock: $0) }
        var writer = SnapshotWriter()
        var table = EntityTable<Goal>()
        for goal in goals { table[goal.id] = goal }
        writer.write("header")
        writer.write(table)
        var archive = SnapshotArchive(bytes: writer.bytes)
        var dictionary = Dictionary(uniqueKeysWithValues: goals.map { ($0.id.rawValue, $0) })
        for round in 0..<5 {
            var reader = SnapshotReader(archive: archive)
            XCTAssertEqual(try reader.read(String.self), round == 0 ? "header" : "header \(round)")
            var loaded = try reader.read(EntityTable<Goal>.self)
            XCTAssertTrue(reader.isAtEnd)
            // Change, remove and add entries, some sorting before every stored key, some after.
            for _ in 0..<10 {
                let id = goals[Int(rng.next() % UInt64(goals.count))].id
                loaded[id]?.title = "바뀜 \(round)"
                dictionary[id.rawValue]?.title = "바뀜 \(round)"
            }
            let gone = goals.removeLast()
            loaded[gone.id] = nil
            dictionary[gone.id.rawValue] = nil
            for added in [goal("0000" + randomID(&rng).dropFirst(4), "앞 \(round)"), goal("ffff" + randomID(&rng).dropFirst(4), "뒤 \(round)")] {
                loaded[added.id] = added
                dictionary[added.id.rawValue] = added
                goals.append(added)
            }
            var next = SnapshotWriter(extending: archive)
            next.write("header \(round + 1)")
            next.write(loaded)
            let bytes = next.bytes
            archive = SnapshotArchive(bytes: bytes)
            var check = SnapshotReader(archive: archive)
            _ = try check.read(String.self)
            let again = try check.read(EntityTable<Goal>.self)
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: again.map { (key: String, value: Goal) in (key, value) }), dictionary)
            XCTAssertEqual(again.count, dictionary.count)
            for (id, goal) in dictionary { XCTAssertEqual(again[id], goal) }
        }
    }

    func testKeyPrefixesAreFoundInStoredAndChangedEntries() throws {
        var rng = SplitMix(state: 11)
        let goals = (0..<300).map { goal(randomID(&rng), "t\($0)", clock: $0) }
        var (table, _) = try loaded(goals)
        let extra = goal("abcd" + String(repeating: "0", count: 20), "extra")
        table[extra.id] = extra
        let all = goals + [extra]
        for prefix in ["a", "ab", "abcd", "0", "f", "9", "zz", ""] + goals.prefix(20).map({ String($0.id.rawValue.prefix(5)) }) {
            let expected = Set(all.filter { $0.id.hasPrefix(prefix) }.map(\.id))
            XCTAssertEqual(Set(table.entries(withKeyPrefix: prefix).map(\.id)), expected, "prefix \(prefix)")
        }
    }

    func testTheTitlePrefilterNeverDropsAMatch() throws {
        let titles = ["DI", "di 작업", "Deploy", "화면간 연결", "İstanbul", "\u{212A}elvin", "kelvin", "e\u{301}clair",
                      "\u{E9}clair", "", " spaced", "😀 emoji", "ÉCLAIR", "Ωmega", "zeta"]
        let goals = titles.enumerated().map { goal(String(format: "%024x", $0.offset + 1), $0.element) }
        let (table, _) = try loaded(goals)
        let keys = titles.map(Lookup.normalize) + ["i̇stanbul", "kelvin", "éclair", "d", "화", "x", "ωmega", "😀 emoji"]
        for key in keys where !key.isEmpty {
            let expected = Set(goals.filter { Lookup.matches($0.title, key) }.map(\.id))
            let passed = table.entries(whereTitleBytes: { Lookup.mayMatch($0, key) })
            XCTAssertTrue(expected.isSubset(of: Set(passed.map(\.id))), "key \(key)")
            XCTAssertEqual(Set(passed.filter { Lookup.matches($0.title, key) }.map(\.id)), expected, "key \(key)")
        }
        // The prefilter does reject: an ASCII key passes titles starting with its letter, and
        // the two non-ASCII letters that lower-case to ASCII.
        XCTAssertEqual(Set(table.entries(whereTitleBytes: { Lookup.mayMatch($0, "deploy") }).map(\.title)),
                       ["DI", "di 작업", "Deploy", "İstanbul", "\u{212A}elvin"])
    }

    /// `SnapshotTitled` promises the record's second field is the title: the bytes the
    /// prefilter sees must be exactly each entity's title, for every conformer.
    func testTitledRecordsShowTheirTitleBytes() throws {
        func seenTitles<E: SnapshotTitled & Sendable & Equatable>(_ entities: [String: E]) throws -> [String: String] {
            var table = EntityTable<E>()
            for (key, entity) in entities { table[key] = entity }
            var writer = SnapshotWriter()
            writer.write(table)
            var reader = SnapshotReader(bytes: writer.bytes)
            let loaded = try reader.read(EntityTable<E>.self)
            var seen: [String] = []
            _ = loaded.entries(whereTitleBytes: { bytes in
                seen.append(String(decoding: (0..<bytes.count).map { bytes[$0] }, as: UTF8.self))
                return false
            })
            return Dictionary(uniqueKeysWithValues: zip(loaded.keys, seen))
        }
        let goals = ["aaaa0001": goal("aaaa0001", "목표 🎯"), "aaaa0002": goal("aaaa0002", "Deploy")]
        XCTAssertEqual(try seenTitles(goals), goals.mapValues(\.title))
        let tasks = ["bbbb0001": TeamTask(id: "bbbb0001", title: "화면간 연결 + MainViewController", member: "m1", epic: nil,
                                          parent: nil, week: "2024-W47", sprint: nil, due: nil, status: .todo, removed: false, clock: 1),
                     "bbbb0002": TeamTask(id: "bbbb0002", title: "DI", member: nil, epic: "e1", parent: "bbbb0001",
                                          week: "2024-W47", sprint: "s", due: Day(year: 2024, month: 11, day: 20), status: .done,
                                          removed: true, clock: 2)]
        XCTAssertEqual(try seenTitles(tasks), tasks.mapValues(\.title))
    }

    func testCanonicallyEqualKeysAreOneKeyAsInADictionary() throws {
        let nfd = "개발 일지 e\u{301}", nfc = "개발 일지 \u{E9}"
        var table = EntityTable<WikiPage>()
        table[nfd] = WikiPage(id: "aaaa0001", title: nfd, body: "본문", entries: [], history: [], clock: 1)
        var writer = SnapshotWriter()
        writer.write(table)
        var reader = SnapshotReader(bytes: writer.bytes)
        var loaded = try reader.read(EntityTable<WikiPage>.self)
        XCTAssertEqual(loaded[nfc]?.body, "본문")
        loaded[nfc]?.body = "고침"
        XCTAssertEqual(loaded.count, 1)
        XCTAssertEqual(loaded[nfd]?.body, "고침")
    }

    func testAStateReadFromOneSnapshotCanBeReadFromManyThreads() throws {
        var rng = SplitMix(state: 3)
        let goals = (0..<2000).map { goal(randomID(&rng), "목표 \($0)", clock: $0) }
        let (table, dictionary) = try loaded(goals)
        let ids = Array(dictionary.keys)
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for (i, id) in ids.enumerated() where i % 8 == worker {
                if table[id] != dictionary[id] { mismatches.add() }
            }
            if table.values.count != ids.count { mismatches.add() }
        }
        XCTAssertEqual(mismatches.value, 0)
    }

    func testDamagedIndexesThrowWhenRead() throws {
        let (table, _) = try loaded((0..<10).map { goal(String(format: "%024x", $0), "g\($0)") })
        var writer = SnapshotWriter()
        writer.write(table)
        var bytes = writer.bytes
        // Point the last index entry's record offset far past the records.
        let archive = SnapshotArchive(bytes: bytes)
        let body = try XCTUnwrap(archive.bodyStart)
        let lastOffset = body + 1 + 1 + 4 + 9 * 8 + 4
        bytes[lastOffset + 3] = 0x7F
        var reader = SnapshotReader(bytes: bytes)
        XCTAssertThrowsError(try reader.read(EntityTable<Goal>.self))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
