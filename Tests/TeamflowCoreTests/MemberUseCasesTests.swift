import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

final class MemberUseCasesTests: XCTestCase {
    func testAddListAndRenameKeepOrderAndKorean() throws {
        let f = Fixture()
        let minsu = try f.members.add(name: "김민수", handle: "@minsu", email: "minsu@example.com")
        try f.members.add(name: "Lee Jiwoo 🌸")
        XCTAssertEqual(minsu.handle, "minsu")
        XCTAssertEqual(try f.members.list().map(\.name), ["김민수", "Lee Jiwoo 🌸"])
        let renamed = try f.members.rename("MINSU", to: "김민수B")
        XCTAssertEqual(renamed.id, minsu.id)
        XCTAssertEqual(try f.members.find("김민수b").name, "김민수B")
    }

    func testNFDNameMatchesNFCMember() throws {
        let f = Fixture()
        let nfc = "\u{AC15}\u{C9C0}\u{C6D0}" // 강지원 precomposed
        let nfd = nfc.decomposedStringWithCanonicalMapping
        XCTAssertNotEqual(Array(nfc.unicodeScalars), Array(nfd.unicodeScalars))
        let member = try f.members.add(name: nfc)
        XCTAssertEqual(try f.members.find(nfd).id, member.id)
        // And the other way: a member added in NFD (macOS) is found by NFC text and blocks a duplicate.
        let g = Fixture()
        let other = try g.members.add(name: "José".decomposedStringWithCanonicalMapping)
        XCTAssertEqual(try g.members.find("JOSÉ").id, other.id)
        assertError(.conflict) { try g.members.add(name: "josé") }
    }

    func testIdPrefixAmbiguityAndNearestMatches() throws {
        let f = Fixture()
        let a = try f.members.add(name: "Alex")
        try f.members.add(name: "Alexa")
        XCTAssertEqual(try f.members.find(String(a.id.rawValue.prefix(6))).id, a.id)
        let error = assertError(.notFound) { try f.members.find("Alx") }
        XCTAssertTrue(error?.hints.contains { $0.contains("Alex") } ?? false, "\(String(describing: error))")
        assertError(.usage) { try f.members.find("  ") }
    }

    func testSameNameFromTwoClonesIsAmbiguous() throws {
        // Two clones added "민수" independently: lookups must list both, not pick one.
        let author = Author(name: "A", email: "a@x")
        let events = [
            Event(id: "aaaa0001", type: EventType.memberAdded, at: "2024-11-19T10:00:00+09:00", author: author, clock: 1, data: ["name": "민수"]),
            Event(id: "bbbb0001", type: EventType.memberAdded, at: "2024-11-19T10:00:00+09:00", author: author, clock: 1, data: ["name": "민수"]),
        ]
        let state = TeamState.derive(from: events)
        let error = assertError(.ambiguous) { try state.member(named: "민수") }
        XCTAssertEqual(error?.hints.filter { $0.contains("민수") }.count, 2)
        XCTAssertEqual(try state.member(named: "bbbb").id, "bbbb0001")
    }

    func testRenameNeedsSomethingAndAuthor() throws {
        let f = Fixture()
        try f.members.add(name: "민수")
        assertError(.usage) { try f.members.rename("민수", to: nil) }
        var g = Fixture()
        g.session.author = nil
        assertError(.failure) { try g.members.add(name: "x") }
        XCTAssertEqual(try g.eventCount(), 0)
    }
}
