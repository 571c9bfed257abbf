import Foundation
import TeamflowCore
import XCTest

final class EventSchemaTests: XCTestCase {
    /// Every type the catalog lists has a schema, and the schema knows no type the catalog
    /// does not list: the two cannot drift apart silently.
    func testTheSchemaCoversExactlyTheCatalog() throws {
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/EVENTS.md")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        var listed = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for part in cell.split(separator: "`") where part.contains(".") && !part.contains(" ") {
                listed.insert(String(part))
            }
        }
        XCTAssertEqual(listed, Set(EventSchema.table.keys))
    }

    func testDataThatFitsHasNoProblems() {
        let event = Event(id: "abcd", type: EventType.taskAdded, at: "2024-11-19T10:00:00+09:00",
                          author: Author(name: "a", email: "a@x"), clock: 1,
                          data: ["title": .string("t"), "week": .string("2024-W47"), "member": .null, "done": .bool(true)])
        XCTAssertEqual(EventSchema.problems(in: event), [])
    }

    func testMissingAndMistypedKeysAreNamed() {
        let event = Event(id: "abcd", type: EventType.reviewAdded, at: "2024-11-19T10:00:00+09:00",
                          author: Author(name: "a", email: "a@x"), clock: 1,
                          data: ["pr": .string("73786976294838206464"), "sections": .int(5), "undoes": .int(3)])
        XCTAssertEqual(EventSchema.problems(in: event), [
            "data.pr of review.added must be an integer",
            "review.added needs data.title (a string)",
            "data.sections of review.added must be a list",
            "data.undoes of review.added must be a string",
        ])
        let unknown = Event(id: "abcd", type: "future.thing", at: "2024-11-19T10:00:00+09:00",
                            author: Author(name: "a", email: "a@x"), clock: 1, data: ["x": .int(1)])
        XCTAssertEqual(EventSchema.problems(in: unknown), [])
    }

    func testCyclesAreFoundOnceEach() {
        func added(_ id: String, parent: String?) -> Event {
            var data: Fields = ["title": .string(id), "week": .string("2024-W47")]
            if let parent { data["parent"] = .string(parent) }
            return Event(id: id, type: EventType.taskAdded, at: "2024-11-19T10:00:00+09:00",
                         author: Author(name: "a", email: "a@x"), clock: 1, data: data)
        }
        let events = [added("b", parent: "c"), added("c", parent: "a"), added("a", parent: "b"),
                      added("d", parent: "a"), added("e", parent: "e"), added("f", parent: nil)]
        XCTAssertEqual(TaskCycles.find(in: events), [["a", "b", "c"], ["e"]])
    }
}
