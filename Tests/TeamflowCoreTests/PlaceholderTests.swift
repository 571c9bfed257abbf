import XCTest

final class TeamflowCorePlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
