import Foundation
import XCTest
@testable import TeamflowCore

/// `EntityTable` over any `EntityStorage` (here an in-memory one, not the cache codec) answers
/// like the dictionary it mirrors, whether or not the storage can show title bytes.
final class EntityStorageTests: XCTestCase {
    /// Entries sorted by key bytes, as the protocol requires; counts what it decodes. Without
    /// lists (`IndexKeyListsTests.ListedStorage` adds them).
    class ArrayStorage<Entity: Sendable & Titled>: EntityStorage, @unchecked Sendable {
        let entries: [(key: String, entity: Entity)]
        let showsTitles: Bool
        private let lock = NSLock()
        private var decodedCount = 0

        init(_ entries: [String: Entity], showsTitles: Bool) {
            self.entries = entries.map { ($0.key, $0.value) }.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            self.showsTitles = showsTitles
        }

        var decoded: Int { lock.lock(); defer { lock.unlock() }; return decodedCount }
        var count: Int { entries.count }
        func key(at index: Int) -> String { entries[index].key }
        func allKeys() -> [String] { entries.map(\.key) }
        func index(of key: String) -> Int? { entries.firstIndex { $0.key == key } }

        func indices(withKeyPrefix prefix: String) -> Range<Int> {
            let matching = entries.indices.filter { entries[$0].key.utf8.starts(with: prefix.utf8) }
            return (matching.first ?? 0)..<((matching.last ?? -1) + 1)
        }

        func entity(at index: Int) -> Entity? {
            lock.lock()
            decodedCount += 1
            lock.unlock()
            return entries[index].entity
        }

        func all(skipping: Set<Int>) -> [Entity] { allIndexed(skipping: skipping).map(\.1) }

        func allIndexed(skipping: Set<Int>) -> [(Int, Entity)] {
            entries.indices.filter { !skipping.contains($0) }.compactMap { index in entity(at: index).map { (index, $0) } }
        }

        func forEach(skipping: Set<Int>, _ body: (Entity) throws -> Void) rethrows {
            for (_, entity) in allIndexed(skipping: skipping) { try body(entity) }
        }

        func indices(whereTitleBytes mayMatch: (Span<UInt8>) -> Bool, skipping: Set<Int>) -> [Int]? {
            guard showsTitles else { return nil }
            return entries.indices.filter { !skipping.contains($0) && mayMatch(entries[$0].entity.title.utf8.span) }
        }

        func indices(listedUnder picks: (IndexKey) -> Bool) -> [Int]? { nil }
    }

    private func goal(_ id: String, _ title: String) -> Goal {
        Goal(id: EntityID(id), title: title, week: "2024-W47", sprint: nil, done: false, removed: false, createdBy: "Kim",
             createdAt: "2024-11-18T09:00:00+09:00", clock: 1)
    }

    func testATableOverAnyStorageBehavesLikeTheDictionary() {
        let goals = ["aaaa01": goal("aaaa01", "Deploy"), "aaab02": goal("aaab02", "design"), "bbbb03": goal("bbbb03", "회고"),
                     "cccc04": goal("cccc04", "docs")]
        for showsTitles in [false, true] {
            let storage = ArrayStorage(goals, showsTitles: showsTitles)
            var table = EntityTable<Goal>(storage: storage)
            var dictionary = goals
            XCTAssertEqual(table.count, 4)
            XCTAssertEqual(table["bbbb03"]?.title, "회고")
            XCTAssertEqual(Set(table.entries(withKeyPrefix: "aaa").map(\.id)), ["aaaa01", "aaab02"])
            let passed = table.entries(whereTitleBytes: { Lookup.mayMatch($0, "deploy") }).map(\.id)
            XCTAssertEqual(passed, ["aaaa01", "aaab02", "cccc04"], "showsTitles \(showsTitles)")
            table["aaaa01"]?.done = true
            dictionary["aaaa01"]?.done = true
            table["cccc04"] = nil
            dictionary["cccc04"] = nil
            table["dddd05"] = goal("dddd05", "new")
            dictionary["dddd05"] = goal("dddd05", "new")
            XCTAssertEqual(table.count, dictionary.count)
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.map { (key: String, value: Goal) in (key, value) }), dictionary)
            XCTAssertEqual(Set(table.keys), Set(dictionary.keys))
            XCTAssertEqual(table.entries(whereTitleBytes: { Lookup.mayMatch($0, "docs") }).map(\.id), ["aaab02", "aaaa01"],
                           "stored entries first, then changed ones (each once); a removed one is gone")
        }
    }

    /// A fold's test of one field (`contains(_:where:)`) answers like the getter, for stored and
    /// changed entries, and writes nothing: no stored entry is moved into the changes, no key
    /// is logged as written.
    func testContainsWhereReadsInPlaceAndWritesNothing() {
        var removed = goal("bbbb03", "회고")
        removed.removed = true
        let storage = ArrayStorage(["aaaa01": goal("aaaa01", "Deploy"), "bbbb03": removed], showsTitles: false)
        var table = EntityTable<Goal>(storage: storage)
        table.decodeAll()
        var lazy = EntityTable<Goal>(storage: storage)
        lazy["cccc04"] = goal("cccc04", "docs")
        for (name, table) in [("decoded", table), ("stored and changed", lazy)] {
            var table = table
            let logged = table.writtenKeys?.keys.count
            for key in ["aaaa01", "bbbb03", "cccc04", "zzzz99"] {
                XCTAssertEqual(table.contains(key, where: { !$0.removed }), table[key].map { !$0.removed } ?? false, "\(name) \(key)")
            }
            XCTAssertTrue(table.contains(EntityID<Goal>("aaaa01"), where: { $0.title == "Deploy" }), name)
            XCTAssertEqual(table.writtenKeys?.keys.count, logged, "\(name): nothing written")
            XCTAssertEqual(table.changes.count, name == "decoded" ? 2 : 1, "\(name): no stored entry moved")
        }
        _ = table
    }

    func testTitleBytesSpareDecodingWhenTheStorageShowsThem() {
        let goals = Dictionary(uniqueKeysWithValues: (0..<50).map { n in (String(format: "%06x", n), goal(String(format: "%06x", n), "t\(n)")) })
        let showing = ArrayStorage(goals, showsTitles: true)
        XCTAssertEqual(EntityTable<Goal>(storage: showing).entries(whereTitleBytes: { Lookup.mayMatch($0, "x") }), [])
        XCTAssertEqual(showing.decoded, 0, "no title starts with x: nothing is decoded")
        let hiding = ArrayStorage(goals, showsTitles: false)
        XCTAssertEqual(EntityTable<Goal>(storage: hiding).entries(whereTitleBytes: { Lookup.mayMatch($0, "x") }), [])
        XCTAssertEqual(hiding.decoded, 50, "without title bytes every entity is decoded and tested")
        XCTAssertTrue(EntityTable<Goal>(storage: ArrayStorage([String: Goal](), showsTitles: true)).isEmpty)
    }
}
