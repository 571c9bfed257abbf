import XCTest
@testable import Templates

/// Inputs the template fuzz target (Sources/teamflow-fuzz, docs/FUZZING.md) found to crash
/// or stall the engine, each kept as a test that failed before its fix.
final class TemplateFuzzFindingsTests: XCTestCase {
    /// `{% if ((((…x %}`: splitting the tag's words peeled each `(` in a new stack frame (and
    /// copied the rest), so 20,000 of them overflowed the stack (`template render` crashed).
    func testThousandsOfParenthesesInATagAreAnErrorNotAStackOverflow() {
        let parens = 100_000
        for source in ["{% if " + String(repeating: "(", count: parens) + "x %}y{% endif %}",
                       "{% if x" + String(repeating: ")", count: parens) + " %}y{% endif %}"] {
            XCTAssertThrowsError(try TemplateEnvironment().render(string: source, context: ["x": true])) { error in
                XCTAssertTrue(error is TemplateError, "\(error)")
            }
        }
    }

    /// Peeling brackets off words splits exactly as the recursive version did (these outputs
    /// were recorded from it, quirks included).
    func testSmartSplitPeelsBracketsAsBefore() {
        XCTAssertEqual("if ((a) and (b))".smartSplit(), ["if", "(", "(", "a", ")", "and", "(", "b", ")", ")"])
        XCTAssertEqual("if x|default:(y) or )(".smartSplit(), ["if", "x|default:(y", ")", "or", ")", "("])
        XCTAssertEqual("if a|) b".smartSplit(), ["if", "a|", ")", "b"])
        XCTAssertEqual("if (x() (|)".smartSplit(), ["if", "(", "x", "(", ")", "(|", ")"])
        XCTAssertEqual("for x in (items)".smartSplit(), ["for", "x", "in", "(", "items", ")"])
        XCTAssertEqual("if '(a)' ((\"b)\"))".smartSplit(), ["if", "'(a)'", "(", "(", "\"b)\"", ")", ")"])
    }
}
