import TeamflowTestSupport
import XCTest
@testable import TeamflowCore

/// Text for a terminal: controls from teammates' events shown as escapes, colour markers only
/// from `styled`, every other character kept.
final class TerminalTextTests: XCTestCase {
    /// Swift literals may not hold noncharacters; data can.
    static func noncharacter(_ value: UInt32) -> String {
        Unicode.Scalar(value).map { String($0) } ?? ""
    }

    func testEscapeSequencesBellAndCarriageReturnBecomeVisible() {
        XCTAssertEqual(TerminalText.sanitize("evil \u{1B}]0;pwned\u{7} title"), "evil \\u{1B}]0;pwned\\u{7} title")
        XCTAssertEqual(TerminalText.sanitize("\u{1B}[2Jcleared"), "\\u{1B}[2Jcleared")
        XCTAssertEqual(TerminalText.sanitize("done\rfake"), "done\\rfake")
        XCTAssertEqual(TerminalText.sanitize("a\r\nb"), "a\\r\nb", "CR of a CRLF escaped, LF kept")
        XCTAssertEqual(TerminalText.sanitize("nul\u{0}del\u{7F}"), "nul\\u{0}del\\u{7F}")
    }

    func testC1ControlsSeparatorsAndBidiOverridesAreEscaped() {
        XCTAssertEqual(TerminalText.sanitize("csi\u{9B}31m"), "csi\\u{9B}31m")
        XCTAssertEqual(TerminalText.sanitize("osc\u{9D}0;x\u{9C}"), "osc\\u{9D}0;x\\u{9C}")
        XCTAssertEqual(TerminalText.sanitize("a\u{2028}b\u{2029}c"), "a\\u{2028}b\\u{2029}c")
        XCTAssertEqual(TerminalText.sanitize("txt.\u{202E}exe"), "txt.\\u{202E}exe")
        XCTAssertEqual(TerminalText.sanitize("\u{2066}x\u{2069}"), "\\u{2066}x\\u{2069}")
    }

    func testKoreanEmojiTabsAndNewlinesAreKept() {
        let text = "배포 꼭 하기 🚀 👩‍💻 ❤️ 🇰🇷\tcafé\n둘째 줄"
        XCTAssertEqual(TerminalText.sanitize(text), text)
        XCTAssertEqual(TerminalText.render(text, color: true), text)
        XCTAssertEqual(TerminalText.singleLine("첫 줄\n[x] 가짜 줄"), "첫 줄\\n[x] 가짜 줄")
        XCTAssertEqual(TerminalText.singleLine("a\tb"), "a\tb")
    }

    func testSanitizingTwiceChangesNothingMore() {
        let once = TerminalText.singleLine("\u{1B}]0;x\u{7}\n" + Self.noncharacter(0xFDD1))
        XCTAssertEqual(TerminalText.singleLine(once), once)
        XCTAssertEqual(TerminalText.render(once, color: true), once)
    }

    func testStyledTextBecomesSGROnlyWithColour() {
        let styled = TerminalText.styled("3f2a", .dim) + " " + TerminalText.styled("배포", .bold)
        XCTAssertEqual(TerminalText.render(styled, color: true), "\u{1B}[2m3f2a\u{1B}[0m \u{1B}[1m배포\u{1B}[0m")
        XCTAssertEqual(TerminalText.render(styled, color: false), "3f2a 배포")
    }

    func testDataCannotForgeColourMarkersOrSequences() {
        // A title carrying the marker noncharacters is escaped before it is styled.
        let hostile = Self.noncharacter(0xFDD1) + "bold" + Self.noncharacter(0xFDD0) + Self.noncharacter(0xFDDF)
        let line = TerminalText.styled(TerminalText.singleLine(hostile), .cyan)
        XCTAssertEqual(TerminalText.render(line, color: true), "\u{1B}[36m\\u{FDD1}bold\\u{FDD0}\\u{FDDF}\u{1B}[0m")
        // Raw escape sequences never pass, with or without colour.
        for color in [true, false] {
            let rendered = TerminalText.render("x\u{1B}[31my" + TerminalText.styled("z", .red), color: color)
            XCTAssertTrue(rendered.hasPrefix("x\\u{1B}[31my"), rendered)
        }
        // An unused noncharacter in the marker range is shown, not dropped.
        XCTAssertEqual(TerminalText.render("a" + Self.noncharacter(0xFDEF) + "b", color: true), "a\\u{FDEF}b")
    }

    func testUnchangedTextIsReturnedAsIs() {
        let text = String(repeating: "에픽 1, 2 빠르게 완성 ", count: 1_000)
        XCTAssertEqual(TerminalText.sanitize(text), text)
        XCTAssertEqual(TerminalText.render(text, color: false), text)
    }

    /// The escaping works on UTF-8 bytes; it must agree with the rule stated on scalars
    /// (`needsEscape`, `escape`, the markers) for any text, above all around the ranges whose
    /// encodings share lead bytes with scalars that are kept (U+2027, U+2030, U+FDCF, U+FDF0…).
    func testByteLevelEscapingAgreesWithTheScalarRule() {
        let edges: [ClosedRange<UInt32>] = [0x00...0x20, 0x7E...0xA1, 0x2026...0x2030, 0x2064...0x206A,
                                            0xFDCE...0xFDF1, 0xAC00...0xAC02, 0x1F680...0x1F681, 0xFFFD...0xFFFD, 0x41...0x43]
        let alphabet = edges.flatMap { $0.compactMap(Unicode.Scalar.init) }
        func reference(_ text: String, keepingNewlines: Bool, markers: Bool?) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                guard TerminalText.needsEscape(scalar, keepingNewlines: keepingNewlines) else { out.unicodeScalars.append(scalar); continue }
                if let markers, (0xFDD0...0xFDD6).contains(scalar.value) {
                    let index = Int(scalar.value - 0xFDD0)
                    if markers { out += "\u{1B}[" + (index == 0 ? "0" : TerminalText.Style.allCases[index - 1].rawValue) + "m" }
                    continue
                }
                out += TerminalText.escape(scalar)
            }
            return out
        }
        var generator = SplitMix(seed: 7)
        for trial in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            XCTAssertEqual(TerminalText.sanitize(text), reference(text, keepingNewlines: true, markers: nil), "trial \(trial)")
            XCTAssertEqual(TerminalText.singleLine(text), reference(text, keepingNewlines: false, markers: nil), "trial \(trial)")
            XCTAssertEqual(TerminalText.render(text, color: true), reference(text, keepingNewlines: true, markers: true), "trial \(trial)")
            XCTAssertEqual(TerminalText.render(text, color: false), reference(text, keepingNewlines: true, markers: false), "trial \(trial)")
            for (pass, expected) in [(TerminalText.Pass.singleLine, TerminalText.singleLine(text)),
                                     (.render(color: true), TerminalText.render(text, color: true)),
                                     (.render(color: false), TerminalText.render(text, color: false))] {
                XCTAssertEqual(Self.assembled(text, pass), expected, "pieces, trial \(trial), \(pass)")
                XCTAssertEqual(TerminalText.isClean(text.utf8.span, pass), expected == text, "isClean, trial \(trial), \(pass)")
            }
        }
    }

    /// The text `pieces(of:_:run:replace:)` lays out: its runs of `text`'s bytes and its
    /// replacements, in order; the bytes skipped must be exactly those of the escaped scalars.
    static func assembled(_ text: String, _ pass: TerminalText.Pass) -> String {
        let source = Array(text.utf8)
        var out: [UInt8] = [], at = 0
        TerminalText.pieces(of: source.span, pass) { range in
            XCTAssertEqual(range.lowerBound, at, "runs and replacements tile the text")
            out += source[range]
            at = range.upperBound
        } replace: { replacement, skipped in
            out += Array(replacement.utf8)
            at += skipped
        }
        XCTAssertEqual(at, source.count, "the pieces cover the whole text")
        return String(decoding: out, as: UTF8.self)
    }
}
