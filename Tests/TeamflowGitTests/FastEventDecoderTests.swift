import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
import YAML
@testable import TeamflowGit

/// The fast decoder must agree with libyaml + EventCodec whenever it answers.
final class FastEventDecoderTests: XCTestCase {
    func testAgreesWithTheFullParserOnRandomEvents() throws {
        var rng = SplitMix(seed: 0x7EA4F10)
        var fastHits = 0
        let total = 3_000
        for i in 0..<total {
            let event = randomEvent(&rng, index: i)
            let text = EventCodec.encode(event)
            let slow = try EventCodec.decode(YAML.parse(text))
            XCTAssertEqual(slow, event, "the codec round-trips")
            if let fast = FastEventDecoder.decode(Array(text.utf8)) {
                fastHits += 1
                XCTAssertEqual(fast, slow, "fast and full parsers disagree on:\n\(text)")
            }
        }
        // Ordinary events (words, Korean, emoji, ids, weeks) must take the fast path.
        XCTAssertGreaterThan(fastHits, total / 2, "fast path hit \(fastHits)/\(total)")
    }

    /// Plain scalars written by hand (another tool, an older version): whatever the core
    /// schema makes of them (null, a boolean, an integer in any base, a float kept as text, a
    /// string), the fast decoder reads the same or declines.
    func testPlainScalarsResolveAsTheFullParserResolvesThem() throws {
        let scalars = ["true", "True", "TRUE", "false", "False", "FALSE", "null", "Null", "NULL", "~", "tRue", "nil", "no", "yes",
                       "0", "7", "+7", "-7", "0o17", "0x1F", "0xG", "017", "1.5", ".5", ".inf", "-.inf", ".nan", "1e3", "+1e3",
                       "2024-W47", "2024-11-19", "12:30", "fix", "Fixed", "Thursday", "~x", "n", "T", "F", "+", "+x", "9abc",
                       "0o", "0x", "0O17", "0X1F", "00", "+0", "+07", "123456789012345678901", "falsey", "nulls", "7456bcf9f6fd8bbb8bcbeda2"]
        for scalar in scalars {
            let text = "v: 1\nid: 7456bcf9f6fd8bbb8bcbeda2\ntype: goal.added\nat: '2024-11-19T10:00:00+09:00'\nauthor:\n"
                + "  name: x\n  email: x@example.com\nclock: 12\ndata:\n  title: t\n  week: 2024-W47\n  note: \(scalar)\n"
            let slow = try EventCodec.decode(YAML.parse(text))
            guard let fast = FastEventDecoder.decode(Array(text.utf8)) else { continue }
            XCTAssertEqual(fast, slow, "fast and full parsers disagree on the plain scalar \(scalar)")
        }
    }

    /// The scanner's own UTF-8 check accepts exactly what `String(validating:as:)` accepts:
    /// the edge cases of the well-formed table (overlong forms, surrogates, past U+10FFFF,
    /// truncated sequences) and random bytes biased towards multi-byte sequences.
    func testItsUTF8CheckAgreesWithTheStandardLibrary() {
        var samples: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82],
            [0xEA, 0xB0, 0x80, 0x41], Array("작업 🚀 done".utf8), [],
        ]
        var rng = SplitMix(seed: 0x0F8C4EC)
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            samples.append((0..<Int(rng.next() % 7)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
        }
        var valid = 0
        for bytes in samples {
            let expected = String(validating: bytes, as: UTF8.self)
            let got = bytes.withUnsafeBufferPointer { FastEventDecoder.Scanner.text($0) }
            XCTAssertEqual(got.map { Array($0.utf8) }, expected.map { Array($0.utf8) }, "bytes \(bytes)")
            if expected != nil { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 1_000, "the samples must include well-formed multi-byte text")
        XCTAssertLessThan(valid, samples.count - 1_000, "and ill-formed text")
    }

    func testOrdinaryEventsTakeTheFastPath() {
        let event = Event(id: "7456bcf9f6fd8bbb8bcbeda2", type: "goal.added", at: "2024-11-19T10:00:00+09:00",
                          author: Author(name: "건우", email: "gw@example.com"), clock: 12,
                          data: ["title": "배포 꼭 하기 ← 안하면 혼남 🚀", "week": "2024-W47", "done": false, "count": 3])
        XCTAssertEqual(FastEventDecoder.decode(Array(EventCodec.encode(event).utf8)), event)
    }

    func testDeclinesWhatItDoesNotFullyUnderstand() {
        let base = "v: 1\nid: abcd1234\ntype: goal.added\nat: '2024-11-19T10:00:00Z'\nauthor:\n  name: A\n  email: a@b\nclock: 1\n"
        let odd = [
            base + "data:\n  title: \"double\"\n",
            base + "data:\n  title: |\n    block\n",
            base + "data:\n  title: a # comment\n",
            base + "data:\n  list:\n  - x\n",
            base + "data: {}\n",
            base + "data:\n  title: &a anchored\n",
            base + "data:\n\ttitle: tab\n",
            base + "data:\n  title: 'unclosed\n",
            base + "data:\n  title: x\n  title: y\n",
            "v: 1\n",
            "",
        ]
        for text in odd {
            if let fast = FastEventDecoder.decode(Array(text.utf8)) {
                // Accepting is only allowed when the full parser reads exactly the same.
                let slow = try? EventCodec.decode(YAML.parse(text))
                XCTAssertEqual(fast, slow, text)
            }
        }
        XCTAssertNil(FastEventDecoder.decode(Array((base + "data:\n  title: a # comment\n").utf8)))
        XCTAssertNil(FastEventDecoder.decode(Array((base + "data:\n  title: x\n  title: y\n").utf8)))
    }

    /// A key given twice is declined wherever it repeats: among the first keys (searched) and
    /// in a long mapping (a set from the seventeenth key on).
    func testDeclinesARepeatedKeyInShortAndLongMappings() {
        let base = "v: 1\nid: abcd1234\ntype: goal.added\nat: '2024-11-19T10:00:00Z'\nauthor:\n  name: A\n  email: a@b\nclock: 1\ndata:\n"
        let keys = (0..<24).map { "k\($0)" }
        let unique = base + keys.map { "  \($0): v\n" }.joined()
        XCTAssertNotNil(FastEventDecoder.decode(Array(unique.utf8)), "24 distinct keys are read")
        for (at, repeated) in [(1, 0), (16, 3), (17, 16), (18, 2), (23, 20)] {
            var lines = keys.map { "  \($0): v\n" }
            lines[at] = "  \(keys[repeated]): w\n"
            XCTAssertNil(FastEventDecoder.decode(Array((base + lines.joined()).utf8)), "key \(repeated) again at \(at)")
        }
    }

    private func randomEvent(_ rng: inout SplitMix, index: Int) -> Event {
        let pieces = ["배포", "꼭", "🚀", "yes", "no", "null", "~", "1", "0x1F", "1.5", "2024-11-18", "12:30", "a: b", "# x",
                      " ", "-", "'", "\"", "\\", "\t", "\n", "é", "e\u{301}", "\u{85}", "\u{2028}", "\u{FEFF}", "true", "W47",
                      "abc", "DI", "Main", "-7", "+3", "007", ".5", "@x", "`", "%", "!", "&", "*", "|", ">", "{", "}", "[", "]"]
        func text() -> String {
            (0..<rng.next(upTo: 5)).map { _ in pieces[rng.next(upTo: pieces.count)] }.joined(separator: rng.next(upTo: 3) == 0 ? "" : " ")
        }
        var data = Fields()
        for key in ["title", "week", "note", "member"].prefix(1 + rng.next(upTo: 4)) {
            switch rng.next(upTo: 6) {
            case 0: data[key] = .int(rng.next(upTo: 1000) - 500)
            case 1: data[key] = .bool(rng.next(upTo: 2) == 0)
            case 2: data[key] = .null
            default: data[key] = .string(text())
            }
        }
        let hex = String(format: "%024x", index * 7919 + 1)
        return Event(id: hex, type: "goal.added", at: "2024-11-19T10:00:00+09:00",
                     author: Author(name: text().isEmpty ? "건우" : "건우 " + String(index), email: "gw@example.com"),
                     clock: 1 + rng.next(upTo: 100_000),
                     undoes: rng.next(upTo: 4) == 0 ? String(format: "%024x", index * 31 + 7) : nil,
                     batch: rng.next(upTo: 4) == 0 ? String(format: "%08x", index) : nil, data: data)
    }
}
