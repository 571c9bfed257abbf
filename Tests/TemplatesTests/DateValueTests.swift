import Foundation
import Templates
import XCTest

/// Dates in template contexts: YAML 1.1 timestamps and JSON `{"$date": ...}` in data files
/// become dates that print as RFC 3339, expose `Date`'s intervals and work with `date`.
final class DateValueTests: XCTestCase {
    private func yaml(_ text: String) throws -> [String: TemplateValue] {
        try TemplateData.parse(Data(text.utf8), file: "data.yaml")
    }

    private func json(_ text: String) throws -> [String: TemplateValue] {
        try TemplateData.parse(Data(text.utf8), file: "data.json")
    }

    static let data = """
        released: 2018-05-05T03:39:26Z
        day: 2018-05-05
        lower: 2001-12-14t21:59:43.10-05:00
        spaced: 2001-12-14 21:59:43.10 -5
        seoul: 2018-05-05T12:39:26+09:00
        quoted: "2018-05-05T03:39:26Z"
        tagged: !!str 2018-05-05
        notADay: 2018-02-30
        label: release day
        """

    func testYAMLTimestampsBecomeDatesAndPlainStringsStayStrings() throws {
        let context = try yaml(Self.data)
        XCTAssertEqual(try render("{{ released }}|{{ day }}|{{ seoul }}", context),
                       "2018-05-05T03:39:26Z|2018-05-05T00:00:00Z|2018-05-05T12:39:26+09:00")
        XCTAssertEqual(try render("{{ lower }}|{{ spaced }}", context), "2001-12-14T21:59:43.100-05:00|2001-12-14T21:59:43.100-05:00")
        for name in ["quoted", "tagged", "notADay", "label"] {
            guard case .string? = context[name] else { return XCTFail("\(name) must stay a string: \(String(describing: context[name]))") }
        }
        XCTAssertEqual(try render("{{ quoted.timeIntervalSince1970 }}", context), "", "a string has no date members")
    }

    func testMembersAreDatesIntervals() throws {
        let context = try yaml(Self.data)
        XCTAssertEqual(try render("{{ released.timeIntervalSinceReferenceDate }} {{ released.timeIntervalSince1970 }}", context),
                       "547184366.0 1525491566.0")
        XCTAssertEqual(try render("{{ seoul.timeIntervalSince1970 }}", context), "1525491566.0", "the same instant in another offset")
        XCTAssertEqual(try render("{{ lower.timeIntervalSince1970 }}", context), "1008385183.1")
        XCTAssertEqual(try render("{% if released == seoul %}same{% endif %}{% if released %} truthy{% endif %}", context), " truthy",
                       "dates compare as written (instant and offset)")
    }

    func testDateFilterFormatsInTheEnvironmentsZoneOrAGivenOne() throws {
        let context = try yaml(Self.data)
        XCTAssertEqual(try render(#"{{ released|date:"yyyy-MM-dd HH:mm" }}"#, context), "2018-05-05 03:39", "UTC by default")
        XCTAssertEqual(try render(#"{{ seoul|date:"yyyy-MM-dd HH:mm" }}"#, context), "2018-05-05 03:39", "the instant, in UTC")
        XCTAssertEqual(try render(#"{{ released|date:"HH:mm zzz","Asia/Seoul" }}"#, context), "12:39 GMT+9")
        XCTAssertEqual(try render("{{ released|date }}", context), "2018-05-05T03:39:26Z")
        var environment = TemplateEnvironment()
        environment.timeZone = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        XCTAssertEqual(try environment.render(string: #"{{ released|date:"yyyy-MM-dd HH:mm xxx" }}"#, context: context),
                       "2018-05-04 23:39 -04:00", "the environment's zone")
        XCTAssertEqual(try render(#"{{ text|date:"yyyy" }}"#, ["text": "2020-01-02T03:04:05Z"]), "2020", "an RFC 3339 string is read")
        XCTAssertEqual(try render(#"{{ missing|date:"yyyy" }}"#), "")
        XCTAssertEqual(renderError(#"{{ label|date:"yyyy" }}"#, context)?.message,
                       "filter 'date': 'release day' is not a date or an RFC 3339 timestamp")
        XCTAssertEqual(renderError(#"{{ released|date:"yyyy","Mars/Olympus" }}"#, context)?.message,
                       "filter 'date': unknown time zone 'Mars/Olympus'")
        XCTAssertEqual(renderError("{{ n|date }}", ["n": 3])?.message, "filter 'date' expects a date, got 3")
        XCTAssertNotNil(renderError("{{ released|date:pattern }}", context.merging(["pattern": .string(String(repeating: "y", count: 300))]) { $1 }))
    }

    func testJSONDatesAreMarkedAndPlainStringsStayStrings() throws {
        let context = try json(#"{"d": {"$date": "2018-05-05T03:39:26Z"}, "day": {"$date": "2018-05-05"}, "s": "2018-05-05T03:39:26Z", "two": {"$date": "x", "y": 1}}"#)
        XCTAssertEqual(try render("{{ d }} {{ d.timeIntervalSinceReferenceDate }} {{ day }}", context),
                       "2018-05-05T03:39:26Z 547184366.0 2018-05-05T00:00:00Z")
        guard case .string? = context["s"] else { return XCTFail("a JSON string stays a string") }
        guard case .dictionary? = context["two"] else { return XCTFail("only a one-member {\"$date\": ...} object is a date") }
        XCTAssertThrowsError(try json(#"{"d": {"$date": "yesterday"}}"#)) { error in
            XCTAssertTrue("\(error)".contains("\"$date\" must hold an RFC 3339 timestamp or date"), "\(error)")
        }
        XCTAssertThrowsError(try json(#"{"d": {"$date": "2018-05-05T03:39:26"}}"#), "RFC 3339 needs a zone")
    }

    func testLongAndHostileTimestampsStayStrings() throws {
        let digits = String(repeating: "9", count: 10_000)
        let context = try yaml("a: 2018-05-05T03:39:26.\(digits)Z\nb: 99999-01-01\nc: 2018-13-01\n")
        for name in ["a", "b", "c"] {
            guard case .string? = context[name] else { return XCTFail("\(name) must stay a string") }
        }
    }
}
