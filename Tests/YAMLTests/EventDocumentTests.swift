import XCTest
import YAML

/// An event-sized document parses and round-trips. Its speed is measured by
/// `teamflow-bench micro`, not here: tests assert behaviour, never timing.
final class EventDocumentTests: XCTestCase {
    static let event = """
        v: 1
        id: 01JCZ3M8Q4W7XG2V5K9T6B1N0R
        type: task.checked
        at: '2024-11-18T10:00:00+09:00'
        author:
          name: 김철수
          email: chulsoo.kim@example.com
        clock: 42
        data:
          task: 01JCZ3KX7P2M4Q8R6T1V9W3Y5A
          week: 2024-W47
          project: teamflow
          epic: storage
          title: 'Event store: compare-and-swap ref update'
          checked: true
          note: |
            Both processes succeed;
            no event is lost.

        """

    func testEventSizedDocumentParsesAndRoundTrips() throws {
        let bytes = Array(Self.event.utf8)
        let reference = try YAML.parse(bytes: bytes)
        XCTAssertEqual(reference["author"]?["name"]?.string, "김철수")
        XCTAssertEqual(reference["data"]?["checked"]?.bool, true)

        // Parsing again and emitting give the same document (speed: `teamflow-bench micro`).
        let again = try bytes.withUnsafeBytes { try YAML.parse(bytes: $0, file: "events/x.yaml") }
        XCTAssertEqual(again, reference)
        XCTAssertEqual(try YAML.parse(YAML.emit(reference)), reference)
    }
}
