import XCTest

final class GitPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
