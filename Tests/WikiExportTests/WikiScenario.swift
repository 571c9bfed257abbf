import Foundation
import Importers
import TeamflowCore
import XCTest

/// A recorded team history: two weeks with goals, members' tasks (one sub-task), retrospective
/// entries, two reviews (one with comments), a project with epics and two wiki pages.
enum WikiScenario {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current

    static func session(_ now: String) -> Session {
        Session(author: Author(name: "건우", email: "gw@example.com"), now: Timestamp.parse(now) ?? Date(timeIntervalSince1970: 0),
                timeZone: seoul)
    }

    /// The events of the scenario (from the in-memory store, so ids are reproducible).
    static func events() throws -> [Event] {
        let repository = InMemoryEventRepository()
        var session = session("2024-11-12T10:00:00+09:00")
        func goals() -> GoalUseCases { GoalUseCases(repository: repository, session: session) }
        func tasks() -> TaskUseCases { TaskUseCases(repository: repository, session: session) }
        try MemberUseCases(repository: repository, session: session).add(name: "건우", handle: "geonwoo")
        try MemberUseCases(repository: repository, session: session).add(name: "석영", handle: "seok")
        let project = try ProjectUseCases(repository: repository, session: session)
            .add(name: "BeStory 앱", due: "2024-12-06", description: "영상 공유 앱 ✨")
        let epic = try EpicUseCases(repository: repository, session: session).add(title: "에픽 1: 방 생성", project: project.id.rawValue)
        try EpicUseCases(repository: repository, session: session).add(title: "에픽 2: 편집", project: project.id.rawValue)
        let done = try goals().add(title: "에픽 1, 2 빠르게 완성 🚀")
        try goals().check(done.id.rawValue)
        try goals().add(title: "배포 꼭 하기")
        let di = try tasks().add(title: "DIContainer 구현", .init(member: "건우", epic: epic.id.rawValue))
        try tasks().check(di.id.rawValue)
        try tasks().add(title: "MainViewController [WIP]", .init(parent: di.id.rawValue))
        try tasks().add(title: "서버 방 생성", .init(member: "석영", epic: epic.id.rawValue))
        try RetroUseCases(repository: repository, session: session).add(text: "매일 스크럼 유지", kind: "keep")
        try RetroUseCases(repository: repository, session: session).add(text: "PR이 너무 큼", kind: "problem")
        try RetroUseCases(repository: repository, session: session).add(text: "PR을 300줄 이하로", kind: "try")
        let reviews = ReviewUseCases(repository: repository, session: session)
        try reviews.add(.init(pr: 95, title: "[FEAT/#95] 서버 방 생성", by: "jinwoo", url: "https://github.com/team/app/pull/95",
                              branch: "feat/room", sections: PullRequestBody(parsing: prBody).sections,
                              comments: [.init(author: "hsw1920", text: "고생하셨습니다. 코멘트 확인 부탁드려요",
                                               at: "2024-11-12T11:00:00+09:00")]))
        session = Self.session("2024-11-19T10:00:00+09:00")
        try goals().add(title: "회고 위키 정리하고 발표 준비")
        try tasks().add(title: "화면 전환 애니메이션", .init(member: "석영"))
        try tasks().add(title: "담당자 없는 일")
        try ReviewUseCases(repository: repository, session: session)
            .add(.init(pr: 101, title: "Fix cache", sections: PullRequestBody(parsing: "Quick fix, no template.").sections))
        let wiki = WikiUseCases(repository: repository, session: session)
        try wiki.save(title: "팀 규칙 / Rules", body: "# 규칙\n\n- 코드 리뷰는 필수\n")
        try wiki.append(title: "개발 일지", text: "Step.2 방 참가\n\n```swift\nlet room = Room()\n```", date: "2021-07-06", by: "Seok")
        try wiki.append(title: "개발 일지", text: "Step.1 방 생성", date: "2021-07-05", by: "Seok")
        return try repository.events()
    }

    static let prBody = """
    [FEAT/#95] 서버 방 생성 작업을 진행합니다.
    ## 🤔 배경
    4인 참가를 위해 방 생성/참가 기능을 구현해야 했습니다.
    ## 📃 작업 내역
    - localVideoView 단일화
    - [x] DIContainer 구현
    ## ✅ 리뷰 노트
    ### 🚀 localVideoView 단일화
    ```swift
    let view = LocalVideoView()
    ```
    ## 🛠️ 테스트 방법
    직접 실행하여 테스트 가능합니다.
    """

    /// A fresh temp folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "teamflow-wiki-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
