import XCTest
@testable import Templates

final class StringFiltersIdentifierTests: XCTestCase {
    private typealias F = StringFilters

    func testModes() {
        XCTAssertEqual(F.swiftIdentifier("foo_bar.baz.qux-yay"), "Foo_bar_Baz_Qux_Yay")
        XCTAssertEqual(F.swiftIdentifier("foo_bar.baz.qux-yay", mode: .valid), "foo_bar_baz_qux_yay")
        XCTAssertEqual(F.swiftIdentifier("foo_bar.baz.qux-yay", mode: .pretty), "FooBarBazQuxYay")
        XCTAssertEqual(F.swiftIdentifier("foo_bar", pretty: true), "FooBar")
        XCTAssertEqual(F.swiftIdentifier("foo_bar", pretty: false), "Foo_bar")
    }

    func testDigitsFirstGetAnUnderscore() {
        XCTAssertEqual(F.swiftIdentifier("42hello"), "_42hello")
        XCTAssertEqual(F.swiftIdentifier("25 Ultra Light", mode: .pretty), "_25UltraLight")
        XCTAssertEqual(F.swiftIdentifier("12 @ 34", mode: .valid), "_12___34")
    }

    func testEmptyAndSeparatorOnlyInput() {
        for mode in SwiftIdentifierMode.allCases {
            XCTAssertEqual(F.swiftIdentifier("", mode: mode), "", "\(mode)")
        }
        XCTAssertEqual(F.swiftIdentifier("-"), "_")
        XCTAssertEqual(F.swiftIdentifier("-", mode: .pretty), "")
    }

    func testUnicodeLettersAreKept() {
        XCTAssertEqual(F.swiftIdentifier("한국어 문자열"), "한국어_문자열")
        XCTAssertEqual(F.swiftIdentifier("한국어 문자열", mode: .pretty), "한국어문자열")
        XCTAssertEqual(F.swiftIdentifier("café latte", mode: .pretty), "CaféLatte")
        // Combining marks may continue an identifier but not start one.
        XCTAssertEqual(F.swiftIdentifier("e\u{301}t\u{301}e\u{301}", mode: .valid), "e\u{301}t\u{301}e\u{301}")
        XCTAssertEqual(F.swiftIdentifier("\u{301}x", mode: .valid), "_\u{301}x")
    }

    func testEmojiAreIdentifierCharactersButJoinersAreNot() {
        // U+1F600 is inside the allowed 0x10000...0x1FFFD range.
        XCTAssertEqual(F.swiftIdentifier("😀 smile"), "😀_Smile")
        // Variation selector U+FE0F is allowed, but ❤ (U+2764) is not.
        XCTAssertEqual(F.swiftIdentifier("I ❤ it", mode: .valid), "I___it")
    }

    func testEscapeReservedKeywords() {
        XCTAssertEqual(F.escapeReservedKeywords("self"), "`self`")
        XCTAssertEqual(F.escapeReservedKeywords("Type"), "`Type`")
        XCTAssertEqual(F.escapeReservedKeywords("#imageLiteral"), "`#imageLiteral`")
        XCTAssertEqual(F.escapeReservedKeywords("_"), "`_`")
        XCTAssertEqual(F.escapeReservedKeywords("Self"), "`Self`")
        XCTAssertEqual(F.escapeReservedKeywords("SELF"), "SELF")
        XCTAssertEqual(F.escapeReservedKeywords("foo"), "foo")
        XCTAssertEqual(F.escapeReservedKeywords(""), "")
        XCTAssertEqual(F.reservedKeywords.count, 94)
    }
}
