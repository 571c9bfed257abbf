import Foundation
import Importers
import TeamflowCore
import TeamflowTestSupport
import XCTest

/// A week's page as the team pastes it out of Notion: `•` bullets, emoji marks, a date title
/// without a year, paragraph titles inside a member's part, `⇒` lines, code and a table after
/// the lists, a member with no items.
final class PastedPageTests: XCTestCase {
    static let page = """
    11 18 팀 현황 공유 및 목표 설정

    이번 주 목표
    • 에픽 1, 2 빠르게 완성 ✅
    • 배포 꼭 하기 ← 안하면 혼남
        ⇒ TestFlight 심사 제출까지
    • ~~디자인 QA~~

    팀원 별 목표
    건우
    Core Layer 하위 Framework
    • Xcode에서 새로운 프로젝트 생성 ✅
        ◦ Framework 타깃 추가
            ⇒ SPM 대신 타깃으로 결정
    • DI Container 정리
    석영
    1) 방 나가기 구현
    2) ☑️ 소켓 재연결
       서버 쪽 재시도 정책 확인 필요
    민수

    회의 메모
    ```swift
    let container = DIContainer()
    container.register()
    ```
    | 항목 | 상태 |
    | --- | --- |
    | 배포 | 진행 중 |
    """

    private func team() throws -> Fixture {
        let f = Fixture()
        try f.members.add(name: "건우", handle: "geonwoo")
        try f.members.add(name: "석영", handle: "seokyoung")
        try f.members.add(name: "민수")
        return f
    }

    func testAPastedNotionPageImportsWithNotesAndAReportOfWhatWasLeftOut() throws {
        let f = try team()
        let result = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: Self.page, options: .init())
        XCTAssertEqual(result.week, "2024-W47", "11 18 without a year: the latest 11-18 not after today (2024-11-19)")
        XCTAssertEqual(result.goals, 3)
        XCTAssertEqual(result.tasks, 5)
        let state = try f.state()
        let goals = state.goals.values.sorted { $0.clock < $1.clock }
        XCTAssertEqual(goals.map(\.title), ["에픽 1, 2 빠르게 완성", "배포 꼭 하기 ← 안하면 혼남", "디자인 QA"])
        XCTAssertEqual(goals.map(\.done), [true, false, true], "✅ and ~~struck~~ are done")
        XCTAssertEqual(goals[1].note, "⇒ TestFlight 심사 제출까지")
        let tasks = state.liveTasks.sorted { $0.clock < $1.clock }
        XCTAssertEqual(tasks.map(\.title), ["Xcode에서 새로운 프로젝트 생성", "Framework 타깃 추가", "DI Container 정리", "방 나가기 구현", "소켓 재연결"])
        XCTAssertEqual(tasks.map { state.members[$0.member ?? ""]?.name }, ["건우", "건우", "건우", "석영", "석영"],
                       "a paragraph title inside 건우's part is a note, not a member")
        XCTAssertEqual(tasks[1].parent, tasks[0].id)
        XCTAssertEqual(tasks[1].note, "⇒ SPM 대신 타깃으로 결정", "an ⇒ line under a sub-item is kept")
        XCTAssertEqual(tasks[4].note, "서버 쪽 재시도 정책 확인 필요", "indented text under an item is its note")
        XCTAssertEqual(tasks.map(\.done), [true, false, false, false, true])
        XCTAssertEqual(result.keptAsNotes, [6, 14, 19])
        let ranges = result.skippedRanges.map { "\($0.first)-\($0.last) \($0.reason.rawValue)" }
        XCTAssertEqual(ranges, ["11-11 notes", "22-22 notes", "23-26 code", "27-29 table"])
        // Importing the same page again adds nothing.
        let count = try f.eventCount()
        let again = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: Self.page, options: .init())
        XCTAssertEqual(again.goals + again.tasks, 0)
        XCTAssertEqual(again.skipped, 8)
        XCTAssertEqual(try f.eventCount(), count)
    }

    func testADryRunWritesNothingAndTheYearCanBeGiven() throws {
        let f = try team()
        let before = try f.eventCount()
        let result = try WeeklyImportUseCase(repository: f.repository, session: f.session)
            .run(text: Self.page, options: .init(year: 2023, dryRun: true))
        XCTAssertEqual(result.week, "2023-W46", "2023-11-18 was a Saturday")
        XCTAssertTrue(result.dryRun)
        XCTAssertEqual(result.items.filter { $0.member == nil }.count, 3)
        XCTAssertEqual(result.items.first { $0.title == "Framework 타깃 추가" }?.depth, 1)
        XCTAssertEqual(try f.eventCount(), before)
    }

    /// Without `--members` a short unknown label followed by items is taken for a member and
    /// reported (never filed under the member before it); with it, only the named members and
    /// the team's names start a section, and the label is a note.
    func testMembersGivenOnTheCommandLineMakeOtherLabelsNotes() throws {
        let f = Fixture()
        try f.members.add(name: "김건우", handle: "geonwoo")
        let page = "2024-W47\n목표\n- 배포\n건우\n- DI\nCore Layer\n- Framework\n"
        let importer = WeeklyImportUseCase(repository: f.repository, session: f.session)
        let guessed = assertError(.notFound) { try importer.run(text: page, options: .init()) }
        XCTAssertEqual(guessed?.reason, .unknownNames(.member, ["Core Layer"]), "a short unknown label is reported, not dropped")
        let result = try importer.run(text: page, options: .init(members: ["건우"]))
        XCTAssertEqual(result.tasks, 2, "건우 (a part of 김건우's name) starts the section; Core Layer is a note in it")
        XCTAssertEqual(result.skippedLines.map(\.line), [6])
        XCTAssertEqual(Set(try f.state().liveTasks.map(\.member)), [try f.state().liveMembers.first?.id])
        let unknown = assertError(.usage) { try importer.run(text: page, options: .init(members: ["민지"])) }
        XCTAssertEqual(unknown?.reason, .unknownNames(.member, ["민지"]))
    }

    func testAPageWithNothingToImportSaysWhichLinesItCouldNotPlace() throws {
        let f = try team()
        let before = try f.eventCount()
        let error = assertError(.failure) {
            try WeeklyImportUseCase(repository: f.repository, session: f.session)
                .run(text: "회의록\n\n이번 회의는 길었다. 다음 주에 다시 이야기하기로 했다.\n```\ncode\n```\n", options: .init())
        }
        XCTAssertTrue(error?.hints.contains("  line 1: 회의록") == true, "\(error?.hints ?? [])")
        XCTAssertEqual(try f.eventCount(), before)
    }
}
