@testable import teamflow
import TeamflowCore
import TeamflowTestSupport
import XCTest

/// `TextBuffer` lays out a long list as bytes and passes printable ASCII eight bytes at a
/// time without asking `TerminalText`: whatever it writes must be exactly what
/// `TerminalText.singleLine` and `render` give for the same text.
final class TextBufferTests: XCTestCase {
    /// Every byte value at every place of an otherwise plain word: the word test must call it
    /// plain exactly when that byte alone would be (printable ASCII or tab; newline only where
    /// breaks are kept).
    func testTheWordTestAgreesWithTheByteRuleForEveryByteAtEveryPlace() {
        for keepingBreaks in [false, true] {
            for place in 0..<8 {
                for value in 0...255 {
                    var bytes = Array("plainwrd".utf8)
                    bytes[place] = UInt8(value)
                    let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                    let plain = (0x20..<0x7F).contains(value) || value == 0x09 || (keepingBreaks && value == 0x0A)
                    XCTAssertEqual(TextBuffer.isPlain(word, keepingBreaks: keepingBreaks), plain,
                                   "byte \(value) at \(place), breaks kept: \(keepingBreaks)")
                }
            }
        }
        // Two bad bytes next to each other, where a borrow or carry between bytes would show.
        for first in [0x00, 0x1F, 0x7F, 0x80, 0xFF] {
            for second in [0x00, 0x20, 0x7E, 0x7F, 0xFF] {
                var bytes = Array("AAAAAAAA".utf8)
                bytes[3] = UInt8(first)
                bytes[4] = UInt8(second)
                let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                XCTAssertFalse(TextBuffer.isPlain(word, keepingBreaks: true), "\(first), \(second)")
            }
        }
    }

    /// Random text, mostly ASCII runs long enough to take the eight-byte path, mixed with
    /// everything `TerminalText` escapes or keeps near its edges: fields, short ids and the
    /// writer's render must agree with the strings `TerminalText` makes.
    func testFieldsAndTheWriterAgreeWithTerminalText() {
        let others: [String] = ["\n", "\t", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2027}",
                                "\u{202E}", "\u{2066}", "\u{2030}", Self.scalar(0xFDD0), Self.scalar(0xFDD3), Self.scalar(0xFDEF), "\u{FDCF}", "\u{FDF0}",
                                "건우", "배포 ", "🚀", "👍🏽", "é", "\u{301}", "\u{0}"]
        var generator = SplitMix(seed: 11)
        for trial in 0..<4_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 8) {
                if generator.next() % 3 == 0 {
                    text += others[Int(generator.next() % UInt64(others.count))]
                } else {
                    let length = Int(generator.next() % 20)
                    text += String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(0x20 + generator.next() % 0x5F))) })
                }
            }
            let field = TextBuffer()
            field.field(text)
            XCTAssertEqual(field.text, TerminalText.singleLine(text), "field, trial \(trial): \(text.debugDescription)")
            for color in [false, true] {
                var rendered: [UInt8] = []
                Array(text.utf8).withUnsafeBufferPointer { TextBuffer.append($0, escaped: .render(color: color), to: &rendered) }
                XCTAssertEqual(String(decoding: rendered, as: UTF8.self), TerminalText.render(text, color: color),
                               "render, colour \(color), trial \(trial): \(text.debugDescription)")
            }
            let short = TextBuffer()
            short.shortID(EntityID<TeamTask>(rawValue: text))
            XCTAssertEqual(short.text, TerminalText.singleLine(ShortID.of(text)), "short id, trial \(trial): \(text.debugDescription)")
        }
    }

    /// A styled field carries the style's markers around the escaped text, as
    /// `TerminalText.styled` puts them, so the writer colours it the same way.
    func testAStyledFieldIsTheStyledStringsBytes() {
        for text in ["abc", "건우\n", Self.scalar(0xFDD1) + "x"] {
            let buffer = TextBuffer()
            buffer.field(text, .dim)
            XCTAssertEqual(buffer.text, TerminalText.styled(TerminalText.singleLine(text), .dim))
        }
    }

    /// A scalar as a string (the colour markers are noncharacters, which a literal may not hold).
    static func scalar(_ value: UInt32) -> String {
        Unicode.Scalar(value).map { String($0) } ?? ""
    }
}
