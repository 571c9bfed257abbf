import Foundation
import TeamflowCore
import XCTest
import YAML
@testable import TeamflowGit

/// Event files the event fuzz target (Sources/teamflow-fuzz, docs/FUZZING.md) and its hostile
/// seeds found to crash or stall the reader, each kept as a test that failed before its fix.
final class EventReaderFuzzFindingsTests: XCTestCase {
    /// An event with 20,000 keys in `data` (and 2,000 unknown top-level keys): every key was
    /// checked against all before it, so reading the file took ~40 s (a cold `task list` on a
    /// history holding it: minutes). Both readers now take linear time and keep the order.
    func testAnEventWithThousandsOfKeysReadsInLinearTime() throws {
        let keys = 20_000
        let text = "v: 1\nid: abcd1234\ntype: task.added\nat: '2024-11-19T10:00:00Z'\nauthor:\n  name: A\n  email: a@b\n"
            + "clock: 1\ndata:\n" + (0..<keys).map { "  k\($0): v\($0)\n" }.joined()
            + (0..<2_000).map { "x\($0): \($0)\n" }.joined()
        let bytes = Array(text.utf8)
        let start = Date()
        let fast = try XCTUnwrap(FastEventDecoder.decode(bytes), "our own layout takes the fast path")
        let full = try EventCodec.decode(YAML.parse(text))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "reading an event must not compare every key with every other")
        XCTAssertEqual(fast, full)
        XCTAssertEqual(fast.data.keys.count, keys)
        XCTAssertEqual(fast.data.keys.last, "k\(keys - 1)")
        XCTAssertEqual(fast.data["k7"], .string("v7"))
        XCTAssertEqual(fast.extra.keys.count, 2_000)
    }

    /// Building fields keeps the first position of a key and its last value, as assigning did.
    func testFieldsFromPairsKeepFirstPositionAndLastValue() {
        let fields = Fields([("a", 1), ("b", 2), ("a", 3), ("c", .null), ("b", 4)])
        XCTAssertEqual(fields.keys, ["a", "b", "c"])
        XCTAssertEqual(fields["a"], 3)
        XCTAssertEqual(fields["b"], 4)
        XCTAssertEqual(fields["c"], .null)
        XCTAssertEqual(Fields([("\u{E9}", 1), ("e\u{301}", 2)]).keys, ["\u{E9}"], "canonically equal keys are one key, as before")
        // Short mappings are searched, long ones hashed: both keep the same rule.
        for count in [16, 17, 40] {
            let pairs = (0..<count).map { ("k\($0 % (count / 2))", Value.int($0)) }
            let built = Fields(pairs)
            XCTAssertEqual(built.keys, (0..<(count / 2)).map { "k\($0)" }, "\(count) pairs")
            XCTAssertEqual(built["k0"], .int((count - 1) / (count / 2) * (count / 2)), "\(count) pairs: the last value")
        }
    }

    /// A 444-byte event file whose aliases expand to 600,000 nodes was accepted (it is under
    /// YAML's general bound) and made every cold read of its history take ~1.7 s. Event files
    /// never need aliases: past 10,000 aliased nodes the file is reported and skipped.
    func testAnAliasBombEventIsReportedAndSkipped() throws {
        var text = "v: 1\nid: abcd1234\ntype: task.added\nat: '2024-11-19T10:00:00Z'\nauthor:\n  name: A\n  email: a@b\n"
            + "clock: 1\nx0: &x0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...4 { // 111,110 nodes: under YAML's general bound, far over the event budget
            text += "x\(level): &x\(level) [" + Array(repeating: "*x\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "data:\n  title: t\n  week: 2024-W47\n"
        guard case .problem(let diagnostic) = EventTreeReader.parse(path: "events/a/bc/abcd1234.yaml", blob: .success(Array(text.utf8)))
        else { return XCTFail("an alias bomb must not be read as an event") }
        XCTAssertTrue(diagnostic.message.contains("aliases expand"), diagnostic.message)
        XCTAssertNotNil(diagnostic.line)
        // A file with a few aliases (another writer's) still reads.
        let modest = "v: 1\nid: abcd1235\ntype: task.added\nat: '2024-11-19T10:00:00Z'\nauthor:\n  name: A\n  email: a@b\n"
            + "clock: 1\ndata:\n  title: &t 같은 제목\n  week: 2024-W47\n  note: *t\n"
        guard case .event(let event, _) = EventTreeReader.parse(path: "events/a/bc/abcd1235.yaml", blob: .success(Array(modest.utf8)))
        else { return XCTFail("a few aliases are fine") }
        XCTAssertEqual(event.data["note"], .string("같은 제목"))
    }
}
