import XCTest
@testable import Templates

final class StringFiltersMutationsTests: XCTestCase {
    private typealias F = StringFilters

    func testRemoveNewlinesAll() {
        XCTAssertEqual(F.removeNewlines("\n test5\n \ntest test \n "), "test5testtest")
        XCTAssertEqual(F.removeNewlines("a\tb\r\nc\u{00A0}d\u{2028}e"), "abcde")
        XCTAssertEqual(F.removeNewlines("한국 어\n문자"), "한국어문자")
        XCTAssertEqual(F.removeNewlines(""), "")
    }

    func testRemoveNewlinesLeading() {
        XCTAssertEqual(F.removeNewlines("\n test5\n \ntest test \n ", mode: .leading), "test5test test")
        XCTAssertEqual(F.removeNewlines("test4, \ntest, \ntest", mode: .leading), "test4, test, test")
        XCTAssertEqual(F.removeNewlines("  a\r\n\t b  ", mode: .leading), "ab")
        XCTAssertEqual(F.removeNewlines("😀 \n  e\u{301}", mode: .leading), "😀 e\u{301}")
        XCTAssertEqual(F.removeNewlines("", mode: .leading), "")
        XCTAssertEqual(F.removeNewlines(" \n \n ", mode: .leading), "")
    }

    func testRemoveNewlinesWithTextMode() throws {
        XCTAssertEqual(try F.removeNewlines(" a \n b", mode: "leading"), "a b")
        XCTAssertEqual(try F.removeNewlines(" a\n b", mode: "all"), "ab")
        XCTAssertThrowsError(try F.removeNewlines("x", mode: "All"))
    }

    func testReplacePlain() throws {
        XCTAssertEqual(try F.replace("string", "ing", "oke"), "stroke")
        XCTAssertEqual(try F.replace("a.b.c", ".", "_"), "a_b_c")
        XCTAssertEqual(try F.replace("abc", "", "x"), "abc")
        XCTAssertEqual(try F.replace("", "a", "b"), "")
        XCTAssertEqual(try F.replace("한국어 한국", "한국", "조선"), "조선어 조선")
        XCTAssertEqual(try F.replace("a😀b😀", "😀", "-"), "a-b-")
    }

    func testReplaceRegex() throws {
        XCTAssertEqual(try F.replace("string with numbers 42", #"\s\d+$"#, "", regex: true), "string with numbers")
        XCTAssertEqual(try F.replace("john@host", #"(\w+)@(\w+)"#, "$2 at $1", regex: true), "host at john")
        XCTAssertEqual(try F.replace("a.b", ".", "x", regex: true), "xxx")
        XCTAssertEqual(try F.replace("😀a😀a", "a", "b", regex: true), "😀b😀b")
    }

    func testReplaceInvalidRegexThrows() {
        XCTAssertThrowsError(try F.replace("abc", "(", "x", regex: true)) { error in
            XCTAssertTrue("\(error)".contains("invalid regular expression"))
        }
    }

    func testContainsPrefixSuffix() {
        XCTAssertTrue(F.contains("someCapString", "apSt"))
        XCTAssertFalse(F.contains("X", "x"))
        XCTAssertFalse(F.contains("abc", ""), "Foundation's contains: empty needle is false")
        XCTAssertFalse(F.contains("", "y"))
        XCTAssertTrue(F.contains("한국어", "국"))
        XCTAssertTrue(F.hasPrefix("AnotherString", ""))
        XCTAssertTrue(F.hasPrefix("String with words", "String with"))
        XCTAssertFalse(F.hasPrefix("", "y"))
        XCTAssertTrue(F.hasSuffix("string wiTH WOrds", ""))
        XCTAssertTrue(F.hasSuffix("__y_z!", "z!"))
        XCTAssertFalse(F.hasSuffix("String With Words", "th_Words"))
        XCTAssertTrue(F.hasSuffix("👨‍👩‍👧", "👨‍👩‍👧"))
    }
}
