import Charts
import Foundation
import TeamflowCore
import TeamflowTestSupport

/// A recorded team history for the site: two weeks (2024-W46, 2024-W47) with goals, a sprint,
/// members' tasks (a sub-task, a due date passed), a project with epics, a review with sections
/// and comments, a wiki page with a journal and GitHub Markdown (a table, a task list, an image,
/// raw HTML), and hostile titles (`<script>`, quotes, control and bidi characters). "Today" is
/// Tuesday 2024-11-19 (2024-W47) in Seoul.
enum SiteScenario {
    static let today = Day(year: 2024, month: 11, day: 19) ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .current)
    static let hostile = "<script>alert(\"x\")</script> & 'q' \u{1B}[31m\u{7}\u{202E}evil\u{0}"

    static func state() throws -> TeamState {
        var fixture = Fixture(now: "2024-11-12T10:00:00+09:00", author: Author(name: "건우", email: "gw@example.com"))
        _ = try InitUseCase(repository: fixture.repository).initialize(team: "BeStory <팀>") { fixture.session }
        try fixture.members.add(name: "건우", handle: "geonwoo")
        try fixture.members.add(name: "석영", handle: "seok")
        let project = try fixture.projects.add(name: "BeStory 앱", due: "2024-11-15", description: "영상 공유 앱")
        let epic = try fixture.epics.add(title: "에픽 1: 방 생성", project: project.id.rawValue)
        try fixture.epics.add(title: "에픽 2: 편집", project: project.id.rawValue)
        let goal = try fixture.goals.add(title: "에픽 1, 2 빠르게 완성 🚀")
        try fixture.goals.check(goal.id.rawValue)
        let di = try fixture.tasks.add(title: "DIContainer 구현", .init(member: "건우", epic: epic.id.rawValue))
        try fixture.tasks.check(di.id.rawValue)
        try fixture.tasks.add(title: "MainViewController [WIP]", .init(parent: di.id.rawValue))
        try fixture.tasks.add(title: "서버 방 생성", .init(member: "석영", epic: epic.id.rawValue, due: "2024-11-14"))
        let context = UseCaseContext(repository: fixture.repository, session: fixture.session)
        try RetroUseCases(context: context).add(text: "매일 스크럼 유지", kind: "keep")
        try RetroUseCases(context: context).add(text: "PR이 너무 큼", kind: "problem")
        try ReviewUseCases(context: context).add(.init(
            pr: 95, title: "[FEAT/#95] 서버 방 생성", by: "jinwoo", url: "https://github.com/team/app/pull/95", branch: "feat/room",
            sections: [ReviewSection(kind: "work", heading: "📃 작업 내역", body: "- localVideoView 단일화\n- [x] DIContainer 구현\n- [ ] 테스트\n  - 중첩 항목"),
                       ReviewSection(kind: "notes", heading: "✅ 리뷰 노트", body: "### 단일화\n```swift\nlet view = LocalVideoView() // <b>\n```\n[위험](javascript:alert(1)) and [문서](https://example.com/a?b=1&c=2)")],
            comments: [.init(author: "hsw1920", text: "고생하셨습니다. **코멘트** 확인 부탁드려요", at: "2024-11-12T11:00:00+09:00")]))

        fixture.session = Fixture(now: "2024-11-19T10:00:00+09:00").session
        fixture.session.author = Author(name: "건우", email: "gw@example.com")
        let sprint = try fixture.sprints.add(name: "Sprint 3", from: "2024-11-18", to: "2024-11-29")
        try fixture.goals.add(title: "회고 위키 정리하고 발표 준비", sprint: sprint.id.rawValue)
        try fixture.goals.add(title: hostile)
        try fixture.tasks.add(title: "화면 전환 애니메이션", .init(member: "석영"))
        let done = try fixture.tasks.add(title: "캐시 정리", .init(member: "석영"))
        try fixture.tasks.check(done.id.rawValue)
        try fixture.tasks.add(title: "담당자 없는 일 " + hostile)
        let wiki = WikiUseCases(repository: fixture.repository, session: fixture.session)
        try wiki.save(title: "팀 규칙 / Rules", body: "# 규칙\n\n- 코드 리뷰는 *필수*\n- `swift test` 통과\n\n<img src=x onerror=alert(1)>\n\n"
                      + "| 요일 | 담당 |\n|:--|:-:|\n| 월 | 건우 |\n| 화 | ~~석영~~ 진우 |\n\n"
                      + "- [x] 회의록 https://example.com/notes\n- [ ] ![스크린샷](https://example.com/shot.png)\n\n"
                      + "<iframe src=\"https://evil.example\"></iframe>\n")
        try wiki.append(title: "개발 일지", text: "Step.1 방 생성", date: "2021-07-05", by: "Seok")
        return try fixture.state()
    }

    /// Hand-made series (the history module computes the real ones).
    static func charts(_ state: TeamState) -> (velocity: VelocitySeries, sprint: (Sprint.ID, BurndownSeries)?, week: BurndownSeries) {
        let velocity = VelocitySeries(periods: [.init(label: "2024-W45", done: 3, byMember: [2, 1]),
                                                .init(label: "2024-W46", done: 5, byMember: [3, 2]),
                                                .init(label: "2024-W47", done: 2, byMember: [0, 2])], members: ["건우", "석영"])
        let week = BurndownSeries(total: 6, days: [("2024-11-18", 5, true), ("2024-11-19", 4, true), ("2024-11-20", nil, true),
                                                   ("2024-11-21", nil, true), ("2024-11-22", nil, true), ("2024-11-23", nil, false),
                                                   ("2024-11-24", nil, false)], today: "2024-11-19")
        let sprint = state.liveSprints.first.map { ($0.id, BurndownSeries(total: 9, days: [("2024-11-18", 8, true), ("2024-11-19", 7, true),
                                                                                           ("2024-11-20", nil, true)], today: "2024-11-19")) }
        return (velocity, sprint, week)
    }
}
