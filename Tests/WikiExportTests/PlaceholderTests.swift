import XCTest

final class WikiExportPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
