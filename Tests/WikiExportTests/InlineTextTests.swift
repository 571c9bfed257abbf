import XCTest
@testable import WikiExport

/// `Inline.text` escapes a line without control characters byte by byte; a line with one goes
/// through the per-character loop. Both must give the same text.
final class InlineTextTests: XCTestCase {
    /// The per-character loop's answer for `text`: with a control character appended, the
    /// slow path runs and turns it into one trailing space.
    private func slow(_ text: String) -> String {
        let out = Inline.text(text + "\u{1}")
        return out.hasSuffix(" ") && !text.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    func testTheByteEscapingAgreesWithTheCharacterLoop() {
        let samples = ["", "plain", "배포 꼭 하기 ← 안하면 혼남 🚀", "[Re-login](https://evil.example/phish)", "<img src=x>",
                       "Proj <!--", "# heading", "- item", "+1", "=", "12. numbered", "3) also", "2024", "1.5x faster",
                       "a|b", "~~x~~", "`code`", "**bold** _it_", "\\back", "!important", "&amp;", "x > y", "👩‍💻 팀원"]
        for text in samples {
            XCTAssertEqual(Inline.text(text), slow(text), text)
        }
        // Lines over an alphabet of markup, digits, Hangul and emoji, from a fixed-seed LCG
        // (the same lines on every run).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("#+-=.)1209 ab[]()<>&!|~`*_\\가나🎨")
        for _ in 0..<2_000 {
            let text = String((0..<next(13)).map { _ in alphabet[next(alphabet.count)] })
            XCTAssertEqual(Inline.text(text), slow(text), text)
        }
    }

    func testMarkupInATitleIsEscaped() {
        XCTAssertEqual(Inline.text("[x](u) <b> # a"), "\\[x\\](u) \\<b\\> # a")
        XCTAssertEqual(Inline.text("# a"), "\\# a")
        XCTAssertEqual(Inline.text("12. a"), "12\\. a")
        XCTAssertEqual(Inline.text("a\u{85}b"), "a b", "a C1 control is a space")
    }
}
