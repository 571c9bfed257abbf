import XCTest
@testable import TeamflowCore

/// `ShortID.of` cuts an id of printable ASCII at the byte and leaves everything else to
/// `prefix`: either way it must give the first eight characters.
final class ShortIDTests: XCTestCase {
    func testShortIDIsTheFirstEightCharacters() {
        let samples = ["62beef000000000000000001", "", "abc", "12345678", "123456789",
                       "1234567\u{301}89", "12345678\u{301}9", "1234567\r\n9", "12345678\r\n", "abcdefg\u{1B}hij",
                       "abcdefgh\u{7F}", "abcdefg\u{7F}hi", "건우건우건우건우건우", "😀😀😀😀😀😀😀😀😀", "abcdefgh👍🏽x"]
        for id in samples {
            XCTAssertEqual(ShortID.of(id), String(id.prefix(ShortID.length)), id.debugDescription)
        }
    }

    /// Random mixes of ASCII, controls, combining marks, CR LF and wide characters; fails if
    /// the byte cut were taken where a character runs past the eighth byte.
    func testShortIDAgreesWithPrefixOnRandomText() {
        let pieces = ["a", "7", " ", "~", "\r", "\n", "\r\n", "\u{301}", "\u{200D}", "\u{7F}", "\u{1B}", "é", "건", "👍", "\u{1F3FD}"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2_000 {
            var id = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 60) + 4
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly plain ASCII, as ids are, so the byte cut is taken often.
                let pick = Int(seed >> 33) % (pieces.count * 3)
                id += pick < pieces.count ? pieces[pick] : "abcdef0123456789".map(String.init)[pick % 16]
            }
            XCTAssertEqual(ShortID.of(id), String(id.prefix(ShortID.length)), id.debugDescription)
        }
    }
}
