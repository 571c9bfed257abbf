import Foundation
import XCTest
@testable import WebBoard

/// The pieces of the board's access rules, without a server.
final class AccessControlTests: XCTestCase {
    func testTokensCompareWholeAndInConstantShape() {
        let access = AccessControl(token: "abcdef0123456789", hosts: [], rate: 10, burst: 10)
        XCTAssertTrue(access.isToken("abcdef0123456789"))
        XCTAssertFalse(access.isToken("abcdef012345678"), "a prefix is not the token")
        XCTAssertFalse(access.isToken("abcdef01234567890"), "nor a longer string")
        XCTAssertFalse(access.isToken(""))
        XCTAssertTrue(AccessControl.constantTimeEqual([], []))
        XCTAssertFalse(AccessControl.constantTimeEqual([1], [1, 0]))
    }

    func testLoopbackHostsAndAWildcardBindAcceptsOnlyAddressLiterals() {
        let loopback = AccessControl(token: "t", hosts: AccessControl.hosts(address: "127.0.0.1", port: 7700), rate: 1, burst: 1)
        for host in ["127.0.0.1:7700", "localhost:7700", "LOCALHOST:7700", "[::1]:7700"] { XCTAssertTrue(loopback.isAllowedHost(host), host) }
        for host in ["127.0.0.1", "localhost:7701", "attacker.example:7700", "127.0.0.1.nip.io:7700", nil] as [String?] {
            XCTAssertFalse(loopback.isAllowedHost(host), host ?? "nil")
        }
        let wildcard = AccessControl(token: "t", hosts: AccessControl.hosts(address: "0.0.0.0", port: 7700), wildcardPort: 7700, rate: 1, burst: 1)
        XCTAssertTrue(wildcard.isAllowedHost("192.168.0.12:7700"))
        XCTAssertTrue(wildcard.isAllowedHost("[fe80::1]:7700"))
        XCTAssertFalse(wildcard.isAllowedHost("board.example:7700"), "a name can be rebound")
        XCTAssertFalse(wildcard.isAllowedHost("192.168.0.12:7701"))
    }

    func testTheRateLimitRefillsOverTime() {
        let access = AccessControl(token: "t", hosts: [], rate: 2, burst: 2)
        let start = Date(timeIntervalSince1970: 0)
        XCTAssertTrue(access.admit("a", now: start))
        XCTAssertTrue(access.admit("a", now: start))
        XCTAssertFalse(access.admit("a", now: start))
        XCTAssertTrue(access.admit("b", now: start), "another client has its own bucket")
        XCTAssertTrue(access.admit("a", now: start.addingTimeInterval(0.5)))
    }

    func testSessionsHaveTheirOwnCSRFTokens() {
        let access = AccessControl(token: "t", hosts: [], rate: 1, burst: 1)
        let one = access.newSession(), two = access.newSession()
        XCTAssertNotEqual(one.id, two.id)
        XCTAssertNotEqual(one.csrf, two.csrf)
        XCTAssertEqual(access.csrf(forSession: one.id), one.csrf)
        XCTAssertNil(access.csrf(forSession: "nope"))
        XCTAssertEqual(one.id.count, 64)
    }

    func testFormsQueriesCookiesAndIntervals() {
        XCTAssertEqual(FormDecoding.fields("title=%ED%86%A0%ED%81%B0+%EC%A0%80%EC%9E%A5&member=&due=2024-11-22"),
                       ["title": "토큰 저장", "member": "", "due": "2024-11-22"])
        XCTAssertEqual(FormDecoding.fields("bad=%zz&ok=1"), ["ok": "1"], "a malformed escape is dropped, not guessed")
        XCTAssertEqual(FormDecoding.cookies("a=1; teamflow_session=abc"), ["a": "1", "teamflow_session": "abc"])
        XCTAssertEqual(WebBoardConfiguration.interval(parsing: "60s"), 60)
        XCTAssertEqual(WebBoardConfiguration.interval(parsing: "5m"), 300)
        XCTAssertEqual(WebBoardConfiguration.interval(parsing: "1h"), 3600)
        XCTAssertEqual(WebBoardConfiguration.interval(parsing: "90"), 90)
        for bad in ["", "0s", "-1m", "1d", "m", "1.5m"] { XCTAssertNil(WebBoardConfiguration.interval(parsing: bad), bad) }
    }

    func testOnlyPagePathsAreWhereAFormMaySendTheBrowserBack() {
        XCTAssertEqual(BoardRouter.localPath("/"), "/")
        XCTAssertEqual(BoardRouter.localPath("/week-2024-W47"), "/week-2024-W47")
        for path in ["//evil.example", "https://evil.example/", "/week-2024-W99", "/api/v1/week", "/week-2024-W47/../x"] {
            XCTAssertNil(BoardRouter.localPath(path), path)
        }
    }
}
