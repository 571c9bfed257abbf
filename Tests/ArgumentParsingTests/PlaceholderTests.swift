import XCTest

final class ArgumentParsingPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
