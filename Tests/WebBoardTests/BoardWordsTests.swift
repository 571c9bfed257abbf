import XCTest
@testable import WebBoard

/// Every word of the live board exists in both languages, so no control falls back to a key.
final class BoardWordsTests: XCTestCase {
    func testBothLanguagesHaveEveryWord() {
        XCTAssertTrue(BoardWords.isComplete(.en))
        XCTAssertTrue(BoardWords.isComplete(.ko))
        XCTAssertEqual(BoardWords(language: .ko)[.addTask], "작업 추가")
        XCTAssertEqual(BoardWords(language: .en).format(.carry, "2024-W47"), "Carry last week's open tasks into 2024-W47")
    }
}
