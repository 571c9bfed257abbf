import Foundation
import Templates
import XCTest

final class TemplateValueTests: XCTestCase {
    func json(_ text: String) throws -> TemplateValue {
        try TemplateValue(json: Data(text.utf8))
    }

    func testJSONKeepsIntegersDoublesAndBooleansApart() throws {
        XCTAssertEqual(try json("[1, 1.0, 2.5e1, -3, true, false]"), [1, 1.0, 25.0, -3, true, false])
        XCTAssertEqual(try json("9223372036854775807"), .int(Int.max))
    }

    func testJSONNullIsAnArrayElementButAMissingKey() throws {
        XCTAssertEqual(try json(#"[1, null]"#), [1, nil])
        XCTAssertEqual(try json(#"{"a": null, "b": 1}"#), ["b": 1])
    }

    func testJSONStringsAndEscapes() throws {
        XCTAssertEqual(try json(#""a\"b\\c\n\u00e9\ud83c\udf89""#), "a\"b\\c\né🎉")
        XCTAssertEqual(try json(#"{"한국어": "emoji 🎉"}"#), ["한국어": "emoji 🎉"])
    }

    func testJSONErrorsAreThrownNotCrashes() {
        for bad in ["", "[1,", "{\"a\" 1}", "tru", "\"open", "[1] 2", "-", "{\"a\":}", String(repeating: "[", count: 2000)] {
            XCTAssertThrowsError(try json(bad), bad)
        }
    }

    func testRenderedTextFollowsSwift() {
        XCTAssertEqual(TemplateValue.string("Kyle").rendered, "Kyle")
        XCTAssertEqual(TemplateValue.double(5).rendered, "5.0")
        XCTAssertEqual(TemplateValue.double(1e20).rendered, "1e+20")
        XCTAssertEqual(TemplateValue.int(27).rendered, "27")
        XCTAssertEqual(TemplateValue.bool(true).rendered, "true")
        XCTAssertEqual(TemplateValue.null.rendered, "")
        XCTAssertEqual(TemplateValue.array(["Kyle", "Kyle"]).rendered, #"["Kyle", "Kyle"]"#)
        XCTAssertEqual(TemplateValue.array([1, nil, [1, nil]]).rendered, "[1, nil, [1, nil]]")
        XCTAssertEqual(TemplateValue.array(["it's \"q\"\n"]).rendered, #"["it\'s \"q\"\n"]"#)
        XCTAssertEqual(TemplateValue.dictionary(["b": 2, "a": "x"]).rendered, #"["a": "x", "b": 2]"#)
        XCTAssertEqual(TemplateValue.dictionary([:]).rendered, "[:]")
    }

    func testValuesPrintInTemplates() throws {
        XCTAssertEqual(try render("{{ a }}|{{ b }}|{{ c }}|{{ d }}", ["a": 5.0, "b": [1, nil], "c": nil, "d": false]), "5.0|[1, nil]||false")
    }
}
