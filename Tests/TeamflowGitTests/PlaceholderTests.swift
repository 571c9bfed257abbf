import XCTest

final class TeamflowGitPlaceholderTests: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
