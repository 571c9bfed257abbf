import Foundation
import XCTest
import TeamflowTestSupport
@testable import StateSnapshot
@testable import TeamflowCore

/// The state snapshot (the store's cache format) must give back exactly the state it took.
final class SnapshotTests: XCTestCase {
    func testRichStateRoundTripsFieldForField() throws {
        let f = Fixture()
        try f.goals.add(title: "배포 꼭 하기 🚀")
        let checked = try f.goals.add(title: "회고")
        try f.goals.check(checked.id.rawValue)
        try f.members.add(name: "건우", handle: "geonwoo", email: "gw@example.com")
        try f.members.add(name: "석영")
        let project = try f.projects.add(name: "BeStory", due: "2024-12-06", description: "영상 공유 앱")
        let epic = try f.epics.add(title: "에픽 3: 영상 편집", project: project.id.rawValue)
        try f.sprints.add(name: "Sprint 1", from: "2024-11-18", to: "2024-11-29")
        let parent = try f.tasks.add(title: "DI", .init(member: "건우", epic: epic.id.rawValue, due: "2024-11-20"))
        let child = try f.tasks.add(title: "MainViewController 🧩", .init(parent: parent.id.rawValue))
        try f.tasks.check(child.id.rawValue)
        try f.tasks.add(title: "in a sprint", .init(member: "석영", sprint: "Sprint 1"))
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        try reviews.add(.init(pr: 95, title: "방 생성", by: "jinwoo", url: "https://example.com/95", branch: "feat/room",
                              openedAt: "2024-11-18T01:00:00Z", sections: [ReviewSection(kind: "work", heading: "📃 작업 내역", body: "- [x] DI")],
                              comments: [.init(author: "seok", text: "LGTM", at: nil, state: "approved")]))
        try reviews.comment(pr: "95", text: "고생하셨습니다", by: "hsw1920")
        try RetroUseCases(repository: f.repository, session: f.session).add(text: "PR을 작게", kind: "try")
        let wiki = WikiUseCases(repository: f.repository, session: f.session)
        try wiki.save(title: "개발 일지", body: "본문")
        try wiki.append(title: "개발 일지", text: "Step.1", date: "2021-07-05", by: "Seok")
        try WeekUseCases(repository: f.repository, session: f.session).carry(from: "2024-W47", to: "2024-W48")
        // A recurring goal, stopped, with a materialised instance.
        let rule = try f.goals.addRecurring(title: "PR 리뷰 24시간 안에", every: "week", week: "2024-W46", until: "2024-W52")
        try f.goals.check(GoalRule.instanceID(rule: rule.id, week: ISOWeek(year: 2024, week: 47)).rawValue)
        try f.goals.stop(rule.id.rawValue)
        let state = try f.state()
        XCTAssertEqual(state.tasks[parent.id]?.carries, [TaskCarry(from: "2024-W47", to: "2024-W48", at: "2024-11-19T10:00:00+09:00")])
        XCTAssertEqual(state.goalRules[rule.id]?.stoppedFrom, "2024-W47")
        XCTAssertEqual(state.reviews.first?.value.comments.count, 2)
        XCTAssertEqual(state.reviews.first?.value.comments.map(\.state), ["approved", nil])
        XCTAssertEqual(state.wiki.first?.value.entries.count, 1)
        XCTAssertFalse(state.retros.isEmpty)
        XCTAssertFalse(state.tasks.isEmpty)
        XCTAssertNotNil(state.projects[project.id]?.due)
        XCTAssertNotNil(state.members.values.first { $0.handle != nil }?.email)

        var writer = SnapshotWriter()
        writer.write(state)
        var reader = SnapshotReader(bytes: writer.bytes)
        let copy = try reader.read(TeamState.self)
        XCTAssertTrue(reader.isAtEnd)
        XCTAssertEqual(copy, state)
    }

    /// The items' history (`createdAt`, `doneAt`, `removedAt`) survives the cache.
    func testTheItemsHistoryRoundTrips() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00")
        let done = try f.tasks.add(title: "로그인")
        let removed = try f.tasks.add(title: "취소")
        let open = try f.tasks.add(title: "열린 일")
        let goal = try f.goals.add(title: "배포")
        let gone = try f.goals.add(title: "없앤 목표")
        f.session.now = try XCTUnwrap(Timestamp.parse("2024-11-19T18:30:00+09:00"))
        try f.tasks.check(done.id.rawValue)
        try f.tasks.remove(removed.id.rawValue)
        try f.goals.check(goal.id.rawValue)
        try f.goals.remove(gone.id.rawValue)
        let state = try f.state()

        var writer = SnapshotWriter()
        writer.write(state)
        var reader = SnapshotReader(bytes: writer.bytes)
        let copy = try reader.read(TeamState.self)
        XCTAssertTrue(reader.isAtEnd)
        XCTAssertEqual(copy, state)
        XCTAssertEqual(copy.tasks[done.id]?.doneAt, "2024-11-19T18:30:00+09:00")
        XCTAssertEqual(copy.tasks[done.id]?.createdAt, "2024-11-18T09:00:00+09:00")
        XCTAssertEqual(copy.tasks[removed.id]?.removedAt, "2024-11-19T18:30:00+09:00")
        XCTAssertNil(copy.tasks[open.id]?.doneAt)
        XCTAssertNil(copy.tasks[open.id]?.removedAt)
        XCTAssertEqual(copy.goals[goal.id]?.doneAt, "2024-11-19T18:30:00+09:00")
        XCTAssertEqual(copy.goals[gone.id]?.removedAt, "2024-11-19T18:30:00+09:00")
    }

    func testTruncatedOrGarbledSnapshotsThrowInsteadOfCrashing() throws {
        let f = Fixture()
        try f.goals.add(title: "one")
        try f.members.add(name: "건우")
        var writer = SnapshotWriter()
        writer.write(try f.state())
        let bytes = writer.bytes
        for cut in stride(from: 0, to: bytes.count - 1, by: max(1, bytes.count / 40)) {
            var reader = SnapshotReader(bytes: Array(bytes[..<cut]))
            XCTAssertThrowsError(try reader.read(TeamState.self), "cut at \(cut)")
        }
        var garbled = bytes
        for i in stride(from: 0, to: garbled.count, by: 3) { garbled[i] = 0xFF }
        var reader = SnapshotReader(bytes: garbled)
        _ = try? reader.read(TeamState.self) // must not crash; any result is discarded by the cache
    }

    func testInterningKeepsTheExactBytesOfCanonicallyEqualStrings() throws {
        let f = Fixture()
        let nfd = "한글 e\u{301}"            // decomposed é
        let nfc = "한글 \u{E9}"               // precomposed é: equal as Swift Strings
        XCTAssertEqual(nfd, nfc)
        try f.goals.add(title: nfd)
        try f.goals.add(title: nfc)
        var writer = SnapshotWriter()
        writer.write(try f.state())
        var reader = SnapshotReader(bytes: writer.bytes)
        let titles = try reader.read(TeamState.self).goals.values.map { Array($0.title.utf8) }
        XCTAssertEqual(Set(titles), [Array(nfd.utf8), Array(nfc.utf8)])
    }

    /// The intern table: one index per distinct byte string (canonically equal strings stay
    /// apart), indices numbered from the table's first, and every index kept through the
    /// table's growth from a small start.
    func testTheInternTableGivesOneIndexPerByteStringThroughGrowth() {
        var table = InternTable(first: 7, capacity: 4)
        XCTAssertEqual(table.intern(""), 7)
        XCTAssertEqual(table.intern("e\u{301}"), 8)
        XCTAssertEqual(table.intern("\u{E9}"), 9, "NFC and NFD are different bytes")
        XCTAssertEqual(table.intern(""), 7)
        var expected: [String: Int] = [:]
        for i in 0..<20_000 {
            let string = i % 3 == 0 ? "작업 \(i) 🚀" : "task-\(i)"
            expected[string] = table.intern(string)
        }
        XCTAssertEqual(Set(expected.values).count, 20_000)
        for (string, index) in expected {
            XCTAssertEqual(table.intern(String(decoding: Array(string.utf8), as: UTF8.self)), index, string) // a separate copy
        }
        XCTAssertEqual(table.strings.count, 20_003)
        XCTAssertEqual(Array(table.strings[8 - 7].utf8), Array("e\u{301}".utf8))
        XCTAssertEqual(Array(table.strings[9 - 7].utf8), Array("\u{E9}".utf8))
    }
}
