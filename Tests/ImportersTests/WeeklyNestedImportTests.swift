import Foundation
import XCTest
import TeamflowTestSupport
@testable import Importers
@testable import TeamflowCore

/// `import markdown` keeps nesting as sub-tasks, is one batch for `undo`, and skips nested items
/// the week already has.
final class WeeklyNestedImportTests: XCTestCase {
    static let page = """
    # 2024-W47 주간 회의
    ## 금주 목표
    - 데모 준비 ✅
    ## 팀원 별 목표
    ### 건우
    - 방 화면
      - [x] 방 생성
        - [x] 소켓 연결 ✅
        - [ ] 에러 처리
      - [ ] 방 참가
    - [ ] 접근성 라벨
    ### 석영
    - [ ] 서버 배포
        - [x] 도커 이미지
    """

    private func importer(_ f: Fixture) -> WeeklyImportUseCase { WeeklyImportUseCase(repository: f.repository, session: f.session) }

    private func team() throws -> Fixture {
        let f = Fixture()
        try f.members.add(name: "건우")
        try f.members.add(name: "석영")
        return f
    }

    private static let team: Set = ["건우", "석영", "민수", "지혜"]

    func testThePageKeepsItsNestingAtAnyDepth() {
        let page = WeeklyPage(parsing: Self.page, isMember: Self.team.contains)
        XCTAssertEqual(page.members.map(\.name), ["건우", "석영"])
        XCTAssertEqual(page.members[0].tasks.map(\.text), ["방 화면", "방 생성", "소켓 연결", "에러 처리", "방 참가", "접근성 라벨"])
        XCTAssertEqual(page.members[0].parents, [nil, 0, 1, 1, 0, nil])
        XCTAssertEqual(page.members[0].tasks.map(\.done), [false, true, true, false, false, false])
        XCTAssertEqual(page.members[1].parents, [nil, 0])
    }

    func testNestingUnderAMemberItemAndAfterAParagraph() {
        let page = WeeklyPage(parsing: """
        팀원 별 목표
        - 건우
          - 방 화면
            - [x] 방 생성
              - 소켓
        - 민수
          - [ ] 문서
        ### 지혜
        - 로그인
        참고로 오늘 회의는 길었다. 내일 이어서
          - [ ] 따로
        - 민수
          - [ ] 다시
        """, isMember: Self.team.contains)
        XCTAssertEqual(page.members.map(\.name), ["건우", "민수", "지혜"])
        XCTAssertEqual(page.members[0].parents, [nil, 0, 1])
        XCTAssertEqual(page.members[1].parents, [nil, nil])
        XCTAssertEqual(page.members[2].tasks.map(\.text), ["로그인", "따로"])
        XCTAssertEqual(page.members[2].parents, [nil, nil], "a paragraph between items ends the nesting")
        XCTAssertEqual(page.members[1].tasks.map(\.text), ["문서", "다시"], "under a heading, an item naming a member is that member")
    }

    func testImportWritesSubTasksWithTheirParentsInOneAppend() throws {
        let f = try team()
        let before = try f.eventCount()
        XCTAssertEqual(try importer(f).run(text: Self.page).counts, .init(week: "2024-W47", goals: 1, tasks: 8))
        XCTAssertEqual(try f.eventCount(), before + 9)
        let state = try f.state()
        let byTitle = Dictionary(uniqueKeysWithValues: state.liveTasks.map { ($0.title, $0) })
        let parentTitle = { (title: String) in byTitle[title]?.parent.flatMap { state.tasks[$0]?.title } }
        XCTAssertNil(parentTitle("방 화면"))
        XCTAssertEqual(parentTitle("방 생성"), "방 화면")
        XCTAssertEqual(parentTitle("소켓 연결"), "방 생성")
        XCTAssertEqual(parentTitle("에러 처리"), "방 생성")
        XCTAssertEqual(parentTitle("방 참가"), "방 화면")
        XCTAssertNil(parentTitle("접근성 라벨"))
        XCTAssertEqual(parentTitle("도커 이미지"), "서버 배포")
        XCTAssertEqual(byTitle["소켓 연결"]?.done, true)
        XCTAssertEqual(byTitle["에러 처리"]?.done, false)
        let tokens = Set(try f.repository.events().suffix(9).map { $0.batch })
        XCTAssertEqual(tokens.count, 1, "one batch")
        XCTAssertNotNil(tokens.first ?? nil)
    }

    func testImportingTwiceAddsNothingAndANewNestedItemGoesUnderTheExistingParent() throws {
        let f = try team()
        _ = try importer(f).run(text: Self.page)
        let count = try f.eventCount()
        XCTAssertEqual(try importer(f).run(text: Self.page).counts, .init(week: "2024-W47", goals: 0, tasks: 0, skipped: 9))
        XCTAssertEqual(try f.eventCount(), count)
        let updated = Self.page.replacingOccurrences(of: "    - [ ] 에러 처리\n", with: "    - [ ] 에러 처리\n      - [ ] 재시도\n")
        XCTAssertEqual(try importer(f).run(text: updated).counts, .init(week: "2024-W47", goals: 0, tasks: 1, skipped: 9))
        let state = try f.state()
        let retry = try XCTUnwrap(state.liveTasks.first { $0.title == "재시도" })
        XCTAssertEqual(retry.parent.flatMap { state.tasks[$0]?.title }, "에러 처리")
        XCTAssertEqual(state.liveTasks.filter { $0.title == "에러 처리" }.count, 1)
        // The same title under another parent is another task.
        let moved = "## 팀원\n### 건우\n- 다른 화면\n  - [x] 방 생성\n"
        XCTAssertEqual(try importer(f).run(text: moved, week: "2024-W47").tasks, 2)
    }

    func testOneUndoTakesTheWholeImportBackAndASecondOneTheCommandBefore() throws {
        let f = try team()
        try f.tasks.add(title: "이전 일", .init(member: "석영", week: "2024-W47"))
        _ = try importer(f).run(text: Self.page)
        let undone = try f.undo.undo()
        XCTAssertEqual(undone.allUndone.count, 9)
        var state = try f.state()
        XCTAssertEqual(state.liveTasks.map(\.title), ["이전 일"])
        XCTAssertEqual(state.goals(in: ISOWeek(year: 2024, week: 47)).count, 0)
        try f.undo.undo()
        state = try f.state()
        XCTAssertEqual(state.liveTasks.count, 0, "the second undo takes back the task added before the import")
    }

    func testAPageNestedDeeperThanTasksMayBeImportsNothing() throws {
        let f = try team()
        let depth = TeamState.maxTaskNesting + 2
        let items = (0..<depth).map { String(repeating: "  ", count: $0) + "- 단계 \($0)" }.joined(separator: "\n")
        let before = try f.eventCount()
        assertError(.usage) { try self.importer(f).run(text: "## 팀원\n### 건우\n" + items, week: "2024-W47") }
        XCTAssertEqual(try f.eventCount(), before)
    }
}
