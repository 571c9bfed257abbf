import XCTest
@testable import Templates

final class StringFiltersLettercaseTests: XCTestCase {
    private typealias F = StringFilters

    func testCapitalizeIsFoundationWordwise() {
        XCTAssertEqual(F.capitalize("hello wORLD"), "Hello World")
        XCTAssertEqual(F.capitalize("HEADER"), "Header")
        XCTAssertEqual(F.capitalize(""), "")
    }

    func testLowerFirstLetter() {
        XCTAssertEqual(F.lowerFirstLetter("PLEASE STOP"), "pLEASE STOP")
        XCTAssertEqual(F.lowerFirstLetter("__y"), "__y")
        XCTAssertEqual(F.lowerFirstLetter(""), "")
        // The first grapheme is lowercased as a whole, combining marks included.
        XCTAssertEqual(F.lowerFirstLetter("E\u{301}cole"), "e\u{301}cole")
        XCTAssertEqual(F.lowerFirstLetter("İstanbul"), "i\u{307}stanbul")
        XCTAssertEqual(F.lowerFirstLetter("한국어"), "한국어")
    }

    func testUpperFirstLetterWorksOnTheFirstScalar() {
        XCTAssertEqual(F.upperFirstLetter("string_wiTH"), "String_wiTH")
        XCTAssertEqual(F.upperFirstLetter(""), "")
        XCTAssertEqual(F.upperFirstLetter("e\u{301}cole"), "E\u{301}cole")
        XCTAssertEqual(F.upperFirstLetter("ß_straße"), "SS_straße")
        XCTAssertEqual(F.upperFirstLetter("😀x"), "😀x")
    }

    func testLowerFirstWord() {
        XCTAssertEqual(F.lowerFirstWord("URLChooser"), "urlChooser")
        XCTAssertEqual(F.lowerFirstWord("PeoplePicker"), "peoplePicker")
        XCTAssertEqual(F.lowerFirstWord("STRing"), "stRing")
        XCTAssertEqual(F.lowerFirstWord("PLEASE_STOP"), "please_STOP")
        XCTAssertEqual(F.lowerFirstWord(""), "")
        // Unicode categories, not ASCII: titlecase ǅ counts as uppercase.
        XCTAssertEqual(F.lowerFirstWord("ÉTÉChaud"), "étéChaud")
        XCTAssertEqual(F.lowerFirstWord("ǅungla"), "ǆungla")
        XCTAssertEqual(F.lowerFirstWord("한국Abc"), "한국Abc")
    }

    func testCamelToSnakeCase() {
        XCTAssertEqual(F.camelToSnakeCase("SomeCapString"), "some_cap_string")
        XCTAssertEqual(F.camelToSnakeCase("SomeCapString", toLower: false), "Some_Cap_String")
        XCTAssertEqual(F.camelToSnakeCase("URLChooser", toLower: false), "URL_Chooser")
        XCTAssertEqual(F.camelToSnakeCase("kebab-case-Word"), "kebab_case_word")
        XCTAssertEqual(F.camelToSnakeCase("version2Beta"), "version2_beta")
        XCTAssertEqual(F.camelToSnakeCase(""), "")
        // Boundaries are ASCII-only.
        XCTAssertEqual(F.camelToSnakeCase("éclairAu", toLower: false), "éclair_Au")
        XCTAssertEqual(F.camelToSnakeCase("éÀ", toLower: false), "éÀ")
    }

    /// StencilSwiftKit searches only the first (scalar count) UTF-16 units, in both passes.
    func testCamelToSnakeCaseKeepsStencilSwiftKitRangeQuirk() {
        // The first pass adds "_", so the second pass misses the final boundary.
        XCTAssertEqual(F.camelToSnakeCase("ABCdeF", toLower: false), "AB_CdeF")
        // Emoji are two UTF-16 units but one scalar: the tail is not searched.
        XCTAssertEqual(F.camelToSnakeCase("😀😀aB", toLower: false), "😀😀aB")
        XCTAssertEqual(F.camelToSnakeCase("😀fooBar"), "😀foo_bar")
    }

    func testSnakeToCamelCase() {
        XCTAssertEqual(F.snakeToCamelCase("string_with_words"), "StringWithWords")
        XCTAssertEqual(F.snakeToCamelCase("__y_z!"), "__YZ!")
        XCTAssertEqual(F.snakeToCamelCase("__y_z!", stripLeading: true), "YZ!")
        XCTAssertEqual(F.snakeToCamelCase("PLEASE_STOP_SCREAMING"), "PleaseStopScreaming")
        XCTAssertEqual(F.snakeToCamelCase("a__b__c"), "ABC")
        XCTAssertEqual(F.snakeToCamelCase(""), "")
        XCTAssertEqual(F.snakeToCamelCase("_", stripLeading: false), "_")
        XCTAssertEqual(F.snakeToCamelCase("_", stripLeading: true), "")
    }

    func testSnakeToCamelCaseUnicode() {
        XCTAssertEqual(F.snakeToCamelCase("한국어_문자열"), "한국어문자열")
        XCTAssertEqual(F.snakeToCamelCase("ß_straße"), "SSStraße")
        XCTAssertEqual(F.snakeToCamelCase("e\u{301}cole_x"), "E\u{301}coleX")
        XCTAssertEqual(F.snakeToCamelCase("👨‍👩‍👧_family"), "👨‍👩‍👧Family")
        // Only the first (scalar count) UTF-16 units are checked for ASCII lowercase, so this
        // takes the all-caps path and capitalizes the words.
        XCTAssertEqual(F.snakeToCamelCase("😀😀aB"), "😀😀Ab")
    }
}
