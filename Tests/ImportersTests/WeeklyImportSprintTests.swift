import Foundation
import XCTest
import TeamflowTestSupport
@testable import Importers
@testable import TeamflowCore

/// `import markdown --sprint` and importing a page again.
final class WeeklyImportSprintTests: XCTestCase {
    private let page = """
    # 2024-W47
    - 데모 준비
    ## 팀원
    ### 건우
    - [x] DI Container
    - 방 생성
    """

    func testASprintImportFilesEverythingInTheSprintAndItsFirstWeek() throws {
        let f = Fixture()
        try f.members.add(name: "건우")
        let sprint = try f.sprints.add(name: "Sprint 4", from: "2024-12-02", to: "2024-12-13")
        let imported = try WeeklyImportUseCase(repository: f.repository, session: f.session)
            .run(text: "- 데모\n## 팀원\n### 건우\n- 방 생성", sprint: "sprint 4")
        XCTAssertEqual(imported.week, "2024-W49", "no week on the page: the sprint's first week")
        let state = try f.state()
        XCTAssertEqual(state.liveTasks.map(\.sprint), [sprint.id.rawValue])
        XCTAssertEqual(state.goals(in: sprint).map(\.title), ["데모"])
        XCTAssertEqual(try f.sprints.board("Sprint 4").total, 1)
        let count = try f.eventCount()
        assertError(.notFound) {
            try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: page, sprint: "Sprint 9")
        }
        XCTAssertEqual(try f.eventCount(), count)
    }

    func testImportingAgainAddsOnlyWhatTheWeekLacks() throws {
        let f = Fixture()
        try f.members.add(name: "건우")
        let first = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: page)
        XCTAssertEqual(first.counts, .init(week: "2024-W47", goals: 1, tasks: 2, skipped: 0))
        let count = try f.eventCount()
        let again = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: page)
        XCTAssertEqual(again.counts, .init(week: "2024-W47", goals: 0, tasks: 0, skipped: 3))
        XCTAssertEqual(try f.eventCount(), count, "nothing new: nothing written")
        let updated = try WeeklyImportUseCase(repository: f.repository, session: f.session)
            .run(text: page + "\n- 방 참가\n")
        XCTAssertEqual(updated.counts, .init(week: "2024-W47", goals: 0, tasks: 1, skipped: 3))
        XCTAssertEqual(try f.state().liveTasks.map(\.title), ["DI Container", "방 생성", "방 참가"])
        let otherWeek = try WeeklyImportUseCase(repository: f.repository, session: f.session).run(text: page, week: "2024-W48")
        XCTAssertEqual(otherWeek.skipped, 0, "the same items in another week are new there")
    }
}

extension WeeklyImportUseCase.Result {
    /// Only the counts (week, goals, tasks, skipped), for tests that check those alone.
    var counts: WeeklyImportUseCase.Result { .init(week: week, goals: goals, tasks: tasks, skipped: skipped) }
}
