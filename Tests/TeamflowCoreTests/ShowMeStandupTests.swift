import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `task show` / `goal show` history, `me`, and the standup query.
final class ShowMeStandupTests: XCTestCase {
    func queries(_ f: Fixture) -> Queries { Queries(repository: f.repository, session: f.session) }

    func testTaskDetailHasFieldsSubtasksAndHistoryOldestFirst() throws {
        let f = Fixture()
        try f.members.add(name: "민수", handle: "minsu")
        try f.epics.add(title: "로그인")
        let task = try f.tasks.add(title: "a", .init(member: "minsu", epic: "로그인", due: "2024-11-22"))
        try f.tasks.add(title: "sub", .init(parent: task.id.rawValue))
        try f.tasks.edit(task.id.rawValue, .init(title: "b"))
        try f.tasks.check(task.id.rawValue)
        let detail = try queries(f).taskDetail(task.shortID)
        XCTAssertEqual(detail.memberName, "민수")
        XCTAssertEqual(detail.epicTitle, "로그인")
        XCTAssertEqual(detail.subtasks.map(\.task.title), ["sub"])
        XCTAssertEqual(detail.created?.event, task.id.rawValue)
        XCTAssertEqual(detail.history.map(\.type), ["task.added", "task.added", "task.edited", "task.checked"])
        XCTAssertEqual(detail.history[1].changes, [], "adding a sub-task names the parent but changes nothing in it")
        XCTAssertEqual(detail.history[2].changes, [FieldChange(field: "title", before: "a", after: "b")])
        XCTAssertEqual(detail.history[3].changes, [FieldChange(field: "status", before: "todo", after: "done")])
        XCTAssertTrue(detail.history[0].changes.contains(FieldChange(field: "member", before: nil, after: "민수")))
    }

    func testGoalDetailHistory() throws {
        let f = Fixture()
        let goal = try f.goals.add(title: "배포")
        try f.goals.check(goal.id.rawValue)
        try f.goals.edit(goal.id.rawValue, title: nil, week: "2024-W48")
        let detail = try queries(f).goalDetail(goal.shortID)
        XCTAssertEqual(detail.history.map(\.type), ["goal.added", "goal.checked", "goal.edited"])
        XCTAssertEqual(detail.history[2].changes, [FieldChange(field: "week", before: "2024-W47", after: "2024-W48")])
    }

    func testMeByEmailThenByTeamflowMeAndTheNoMatchError() throws {
        var f = Fixture()
        try f.members.add(name: "건우", handle: "geonwoo")
        try f.members.add(name: "민수", handle: "minsu")
        f.session.identity = CallerIdentity(email: "GW@example.com")
        let none = assertError(.notFound) { try f.tasks.list(.init(member: "me")) }
        XCTAssertEqual(none?.reason, .meNotLinked(email: "GW@example.com"), "\(String(describing: none))")
        XCTAssertNil(try f.tasks.add(title: "unlinked").member, "no link: the task stays unassigned")
        let edited = try f.members.edit("건우", .init(email: "gw@example.com"))
        XCTAssertEqual(edited.email, "gw@example.com")
        let mine = try f.tasks.add(title: "접근성 라벨")
        XCTAssertEqual(mine.member, edited.id, "task add without --member goes to me")
        XCTAssertEqual(try f.tasks.list(.init(member: "me")).map(\.title), ["접근성 라벨"])
        f.session.identity = CallerIdentity(email: "other@example.com", configured: "minsu")
        XCTAssertEqual(try f.session.me(in: f.state()).name, "민수", "teamflow.me names the member")
        try f.members.edit("minsu", .init(email: "gw@example.com"))
        f.session.identity = CallerIdentity(email: "gw@example.com")
        assertError(.ambiguous) { try f.session.me(in: f.state()) }
    }

    func testMemberEditValidatesAndUndoes() throws {
        let f = Fixture()
        try f.members.add(name: "건우", handle: "geonwoo")
        try f.members.add(name: "민수", handle: "minsu")
        assertError(.conflict) { try f.members.edit("건우", .init(handle: "minsu")) }
        assertError(.usage) { try f.members.edit("건우", .init(email: "not an email")) }
        assertError(.usage) { try f.members.edit("건우", .init()) }
        try f.members.edit("건우", .init(name: "김건우", handle: "none", email: "gw@example.com"))
        let member = try f.members.find("김건우")
        XCTAssertNil(member.handle)
        try f.undo.undo()
        let back = try f.members.find("geonwoo")
        XCTAssertEqual([back.name, back.email ?? "nil"], ["건우", "nil"])
    }

    func testStandupListsEachTaskOnceWithItsMarksAndReadsTheDoerFromTheState() throws {
        var f = Fixture(now: "2024-11-18T09:00:00+09:00") // Monday
        try f.members.add(name: "민수", handle: "minsu")
        let late = try f.tasks.add(title: "늦은 진행", .init(member: "minsu", due: "2024-11-15"))
        try f.tasks.start(late.id.rawValue)
        try f.tasks.add(title: "늦은 일", .init(member: "minsu", due: "2024-11-14"))
        let done = try f.tasks.add(title: "끝낸 일", .init(member: "minsu", due: "2024-11-10"))
        f.session = Session(author: Author(name: "지혜", email: "jh@example.com"), now: f.session.now, timeZone: f.session.timeZone)
        try f.tasks.check(done.id.rawValue)
        let section = try XCTUnwrap(try queries(f).standup(since: nil, member: nil).sections.first)
        XCTAssertEqual(section.inProgress.map(\.task.title), ["늦은 진행"])
        XCTAssertEqual(section.inProgress.map(\.isOverdue), [true])
        XCTAssertEqual(section.overdue.map(\.title), ["늦은 일"], "a task in progress is not listed again as overdue; a done one never")
        XCTAssertEqual(section.done.map(\.by.name), ["지혜"], "who checked it, from the state's doneBy")
    }

    func testStandupOnAMondayReadsFridayByEventTime() throws {
        var f = Fixture(now: "2024-11-15T18:00:00+09:00") // Friday
        try f.members.add(name: "건우", handle: "geonwoo")
        try f.members.add(name: "민수", handle: "minsu")
        let friday = try f.tasks.add(title: "금요일 완료", .init(member: "geonwoo"))
        let thursday = try f.tasks.add(title: "목요일 완료", .init(member: "geonwoo"))
        let doing = try f.tasks.add(title: "진행", .init(member: "minsu", due: "2024-11-20"))
        try f.tasks.add(title: "늦은 일", .init(member: "minsu", due: "2024-11-15"))
        f.session.now = Timestamp.parse("2024-11-14T12:00:00+09:00") ?? Date()
        try f.tasks.check(thursday.id.rawValue)
        // 2024-11-14 23:30 in New York is Friday 13:30 in Seoul: the reader's zone decides.
        f.session.now = Timestamp.parse("2024-11-14T23:30:00-05:00") ?? Date()
        try f.tasks.check(friday.id.rawValue)
        try f.tasks.start(doing.id.rawValue)
        f.session.now = Timestamp.parse("2024-11-18T09:00:00+09:00") ?? Date() // Monday
        let standup = try queries(f).standup(since: nil, member: nil)
        XCTAssertEqual(standup.since.description, "2024-11-15")
        XCTAssertEqual(standup.sections.map { $0.member?.name }, ["건우", "민수"])
        XCTAssertEqual(standup.sections[0].done.map(\.task.title), ["금요일 완료"])
        XCTAssertEqual(standup.sections[1].inProgress.map(\.task.title), ["진행"])
        XCTAssertEqual(standup.sections[1].overdue.map(\.title), ["늦은 일"])
        let sinceThursday = try queries(f).standup(since: "2024-11-14", member: "geonwoo")
        XCTAssertEqual(sinceThursday.sections.map { $0.member?.name }, ["건우"])
        XCTAssertEqual(sinceThursday.sections[0].done.map(\.task.title), ["목요일 완료", "금요일 완료"])
        XCTAssertEqual(try queries(f).standup(since: "yesterday", member: nil).since.description, "2024-11-17")
        assertError(.usage) { try queries(f).standup(since: "last week", member: nil) }
    }

    func testUncheckedTaskIsNotDoneSince() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "A")
        try f.tasks.check(task.id.rawValue)
        try f.tasks.uncheck(task.id.rawValue)
        let standup = try queries(f).standup(since: "2024-11-01", member: nil)
        XCTAssertTrue(standup.sections.allSatisfy { $0.done.isEmpty })
    }
}
