import XCTest
import YAML

/// Prints parse/emit cost per event-sized document. Uses the monotonic clock, never the
/// wall clock, and asserts only correctness: timing varies with the machine.
final class SpeedTests: XCTestCase {
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

    func testEventParseAndEmitSpeed() throws {
        let bytes = Array(Self.event.utf8)
        let reference = try YAML.parse(bytes: bytes)
        XCTAssertEqual(reference["author"]?["name"]?.string, "김철수")
        XCTAssertEqual(reference["data"]?["checked"]?.bool, true)

        let rounds = 2000
        var checksum = 0
        let clock = ContinuousClock()
        let parseTime = try clock.measure {
            for _ in 0..<rounds {
                let node = try bytes.withUnsafeBytes { try YAML.parse(bytes: $0, file: "events/x.yaml") }
                checksum &+= node["clock"]?.int ?? 0
            }
        }
        XCTAssertEqual(checksum, 42 * rounds)

        var emitted = 0
        let emitTime = clock.measure {
            for _ in 0..<rounds { emitted &+= YAML.emit(reference).utf8.count }
        }
        XCTAssertEqual(emitted, YAML.emit(reference).utf8.count * rounds)

        func micros(_ d: Duration) -> Double {
            (Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12) / Double(rounds)
        }
        print(String(format: "YAML speed (debug build, %d-byte event): parse %.1f µs/doc, emit %.1f µs/doc",
                     bytes.count, micros(parseTime), micros(emitTime)))
    }
}
