import Foundation
import JSONShapes
import TeamflowTestSupport
import XCTest

/// Strings written by `JSON` are read back unchanged by an independent reader (Foundation's
/// `JSONSerialization`), escaped exactly as the scalar-by-scalar rule says, and never carry a
/// raw control character or a JavaScript line terminator.
final class JSONEscapeTests: XCTestCase {
    /// Pieces that exercise every branch: plain ASCII runs, Korean and emoji (multi-byte runs),
    /// each escaped character, and bytes that start U+2028/U+2029's encoding without being it.
    static let pieces = ["a", "plain text ", "화면간 연결", "🚀", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}",
                         "\u{7F}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{20AC}", "€", "/", "<b>", "\u{E2}"]

    func testRandomStringsRoundTripThroughFoundationsReader() throws {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 12)
            let text = (0..<count).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
            let written = JSON.array([.string(text)]).serialized(pretty: false)
            XCTAssertEqual(written, "[" + Self.reference(text) + "]", "escaped as the scalar rule says: \(text.debugDescription)")
            XCTAssertFalse(written.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }, written)
            let read = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String]
            XCTAssertEqual(read, [text], written)
        }
    }

    func testObjectKeysAreEscapedToo() throws {
        let written = JSON.object([("a\"b\u{2028}", .string("x"))]).serialized(pretty: false)
        XCTAssertEqual(written, #"{"a\"b\u2028":"x"}"#)
    }

    /// The rule, one scalar at a time (what the encoder did before it copied runs whole).
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
