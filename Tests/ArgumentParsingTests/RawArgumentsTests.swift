import ArgumentParsing
import XCTest

/// argv as bytes: UTF-8 words decode as they are; any other word is refused, not replaced by U+FFFD.
final class RawArgumentsTests: XCTestCase {
    func testUTF8WordsDecodeUnchanged() throws {
        let words = ["goal", "add", "배포 꼭 하기 🚀", "", "\u{1B}]0;x\u{7}"]
        XCTAssertEqual(try SampleTree.parser.decode(words.map { Array($0.utf8) }), words)
    }

    func testInvalidUTF8IsAUsageErrorNamingTheWordAndItsBytes() {
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9] // "café" in ISO 8859-1
        XCTAssertThrowsError(try SampleTree.parser.decode([Array("goal".utf8), Array("add".utf8), latin1])) { error in
            guard let error = error as? UsageError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.message, "argument 3 ('caf\\xE9') is not valid UTF-8; convert it first, e.g. with iconv -t UTF-8")
            XCTAssertEqual(error.commandPath, [])
            XCTAssertTrue(error.description.contains("Usage: teamflow"), error.description)
        }
    }

    func testOverlongSurrogateAndTruncatedSequencesAreRefused() {
        let bad: [[UInt8]] = [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xEB, 0xB0], [0xFF], [0xF4, 0x90, 0x80, 0x80]]
        for bytes in bad {
            XCTAssertThrowsError(try SampleTree.parser.decode([bytes]), "\(bytes)")
        }
    }

    func testDescribeKeepsValidTextAndHexesTheRest() {
        XCTAssertEqual(RawArguments.describe(Array("배포".utf8) + [0xB0, 0x0A] + Array("ok".utf8)), "배포\\xB0\nok")
        XCTAssertEqual(RawArguments.describe([0xEB, 0xB0]), "\\xEB\\xB0")
    }
}
