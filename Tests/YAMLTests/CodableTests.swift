import Foundation
import XCTest
import YAML

final class CodableTests: XCTestCase {
    struct Author: Codable, Equatable {
        var name: String
        var email: String
    }

    struct Event: Codable, Equatable {
        var v: Int
        var id: String
        var type: String
        var at: Date
        var author: Author
        var clock: Int
        var done: Bool
        var weight: Double
        var note: String?
        var tags: [String]
        var data: Node
    }

    private func sampleEvent() -> Event {
        Event(
            v: 1, id: "01J9Z", type: "task.checked", at: Date(timeIntervalSince1970: 1_731_891_600),
            author: Author(name: "김철수", email: "kim@example.com"), clock: 7, done: true, weight: 0.5,
            note: nil, tags: ["yes", "1:20", ""], data: ["title": "배포 🚀", "count": 3, "flags": [true, nil]])
    }

    func testEventRoundTripKeepsOrderAndOmitsNil() throws {
        let event = sampleEvent()
        let text = try YAMLEncoder().encode(event)
        XCTAssertEqual(text, """
            v: 1
            id: 01J9Z
            type: task.checked
            at: '2024-11-18T01:00:00Z'
            author:
              name: 김철수
              email: kim@example.com
            clock: 7
            done: true
            weight: 0.5
            tags:
              - 'yes'
              - '1:20'
              - ''
            data:
              title: 배포 🚀
              count: 3
              flags:
                - true
                - null

            """)
        XCTAssertEqual(try YAMLDecoder().decode(Event.self, from: text), event)
    }

    func testDecodesOffsetsAndFractionalDates() throws {
        struct D: Codable { var at: Date }
        let a = try YAMLDecoder().decode(D.self, from: "at: 2024-11-18T10:00:00+09:00\n")
        XCTAssertEqual(a.at, Date(timeIntervalSince1970: 1_731_891_600))
        let b = try YAMLDecoder().decode(D.self, from: "at: '2024-11-18T01:00:00.250Z'\n")
        XCTAssertEqual(b.at.timeIntervalSince1970, 1_731_891_600.25, accuracy: 0.0001)
        let text = try YAMLEncoder().encode(b)
        XCTAssertEqual(try YAMLDecoder().decode(D.self, from: text).at.timeIntervalSince1970, 1_731_891_600.25, accuracy: 0.0001)
    }

    func testErrorsNameKeyPathAndLocation() {
        let text = """
            v: 1
            id: x
            type: t
            at: 2024-11-18T10:00:00+09:00
            author:
              name: Kim
              email: [not, a, string]
            clock: 1
            done: true
            weight: 1
            tags: []
            data: {}
            """
        XCTAssertThrowsError(try YAMLDecoder().decode(Event.self, from: text, file: "e.yaml")) { error in
            guard let e = error as? YAMLError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.mark, Mark(line: 7, column: 10))
            XCTAssertEqual(e.message, "at author.email: expected a string, found a sequence")
            XCTAssertTrue(e.description.hasPrefix("e.yaml:7:10: error: at author.email"), e.description)
        }
        XCTAssertThrowsError(try YAMLDecoder().decode(Author.self, from: "name: Kim\n")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.message, "missing key 'email'")
            XCTAssertEqual(e?.mark, Mark(line: 1, column: 1))
        }
        XCTAssertThrowsError(try YAMLDecoder().decode([Int].self, from: "- 1\n- '2'\n")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.message, "at [1]: expected an integer, found a string")
            XCTAssertEqual(e?.mark, Mark(line: 2, column: 3))
        }
        XCTAssertThrowsError(try YAMLDecoder().decode([UInt8].self, from: "[1, 300]")) { error in
            XCTAssertEqual((error as? YAMLError)?.mark, Mark(line: 1, column: 5))
        }
    }

    func testOptionalsNullAndAbsence() throws {
        struct O: Codable, Equatable { var a: Int?; var b: String?; var c: [Int?] }
        let decoded = try YAMLDecoder().decode(O.self, from: "a: null\nc: [1, ~, 3]\n")
        XCTAssertEqual(decoded, O(a: nil, b: nil, c: [1, nil, 3]))
        XCTAssertEqual(try YAMLEncoder().encode(decoded), "c:\n  - 1\n  - null\n  - 3\n")
        // An empty file decodes as an empty mapping.
        struct Empty: Codable { var x: Int? }
        XCTAssertNil(try YAMLDecoder().decode(Empty.self, from: "").x)
    }

    func testEnumsDictionariesAndNestedContainers() throws {
        enum Kind: String, Codable { case task, goal }
        struct Manifest: Codable, Equatable {
            var kinds: [Kind]
            var values: [String: Int]
            var matrix: [[Double]]
            var big: UInt64
            var small: Int8
        }
        let m = Manifest(kinds: [.task, .goal], values: ["a": 1], matrix: [[1.5, 2], []], big: .max, small: -8)
        let node = try YAMLEncoder().encodeNode(m)
        XCTAssertEqual(node["big"]?.string, "18446744073709551615")
        XCTAssertEqual(try YAMLDecoder().decode(Manifest.self, from: node), m)
        XCTAssertEqual(try YAMLDecoder().decode(Manifest.self, from: YAML.emit(node)), m)
    }

    func testNodeIsCodableThroughJSON() throws {
        let node: Node = ["s": "x", "i": 1, "d": 1.5, "b": false, "n": nil, "l": ["a"]]
        let json = try JSONEncoder().encode(node)
        let back = try JSONDecoder().decode(Node.self, from: json)
        XCTAssertEqual(back["s"], "x")
        XCTAssertEqual(back["i"]?.int, 1)
        XCTAssertEqual(back["d"]?.double, 1.5)
        XCTAssertEqual(back["b"]?.bool, false)
        XCTAssertEqual(back["n"]?.isNull, true)
        XCTAssertEqual(back["l"]?[0]?.string, "a")
    }
}
