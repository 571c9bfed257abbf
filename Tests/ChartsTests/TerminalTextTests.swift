import Charts
import XCTest

/// Display width and escaping of user labels for the terminal.
final class TerminalTextTests: XCTestCase {
    func testWidthCountsWideAndEmojiAsTwoCells() {
        XCTAssertEqual(TerminalText.width("alice"), 5)
        XCTAssertEqual(TerminalText.width("김민준"), 6, "Hangul syllables are East Asian Wide")
        XCTAssertEqual(TerminalText.width("日本"), 4)
        XCTAssertEqual(TerminalText.width("ＡＢ"), 4, "fullwidth forms")
        XCTAssertEqual(TerminalText.width("👍"), 2)
        XCTAssertEqual(TerminalText.width("❤️"), 2, "text-default emoji with VS16")
        XCTAssertEqual(TerminalText.width("🇰🇷"), 2, "a flag is one cluster")
        XCTAssertEqual(TerminalText.width("👩‍💻"), 2, "a ZWJ sequence is one cluster")
        XCTAssertEqual(TerminalText.width("e\u{301}"), 1, "a combining accent takes no cell")
        XCTAssertEqual(TerminalText.width("\u{1100}\u{1161}\u{11A8}"), 2, "conjoining jamo form one wide syllable")
    }

    func testTruncationCountsCellsAndNeverSplitsAWideCharacter() {
        XCTAssertEqual(TerminalText.truncated("alice", to: 5), "alice")
        XCTAssertEqual(TerminalText.truncated("alexander", to: 5), "alex…")
        XCTAssertEqual(TerminalText.truncated("김민준김민준", to: 6), "김민…")
        XCTAssertEqual(TerminalText.truncated("김민준김민준", to: 5), "김민…")
        XCTAssertEqual(TerminalText.truncated("abc", to: 0), "")
    }

    func testControlAndBidiCharactersAreEscapedVisibly() {
        XCTAssertEqual(TerminalText.sanitized("a\u{1B}[31mred\u{07}\nb"), "a\\u{1B}[31mred\\u{07}\\u{0A}b")
        XCTAssertEqual(TerminalText.sanitized("x\u{7F}\u{9B}y"), "x\\u{7F}\\u{9B}y")
        XCTAssertEqual(TerminalText.sanitized("\u{202E}evil\u{2066}"), "\\u{202E}evil\\u{2066}")
        XCTAssertEqual(TerminalText.sanitized("김민준 ✓"), "김민준 ✓", "ordinary text is kept")
    }
}
