import Foundation
import TeamflowCore
import XCTest
@testable import WikiExport

/// On wiki pages: carried tasks on both weeks, work in progress, overdue as of the
/// week's end, the Korean heading, journal heading levels, a page titled like the journal.
final class WikiWeekMarksTests: XCTestCase {
    static func state() throws -> TeamState {
        let repository = InMemoryEventRepository()
        var session = WikiScenario.session("2024-11-19T10:00:00+09:00")
        func tasks() -> TaskUseCases { TaskUseCases(repository: repository, session: session) }
        try MemberUseCases(repository: repository, session: session).add(name: "지혜")
        let parent = try tasks().add(title: "화면간 연결", .init(member: "지혜", due: "2024-11-20"))
        let done = try tasks().add(title: "버튼 배치", .init(parent: parent.id.rawValue))
        try tasks().add(title: "전환 애니메이션", .init(parent: parent.id.rawValue))
        try tasks().check(done.id.rawValue)
        try tasks().check(try tasks().add(title: "끝낸 일", .init(member: "지혜")).id.rawValue)
        session = WikiScenario.session("2024-11-25T09:00:00+09:00")
        try WeekUseCases(repository: repository, session: session).carry()
        try tasks().start(try tasks().add(title: "코드 리뷰", .init(member: "지혜")).id.rawValue)
        let wiki = WikiUseCases(repository: repository, session: session)
        try wiki.save(title: "개발 일지", body: "# 개발 일지\n\n소개\n")
        try wiki.append(title: "개발 일지", text: "## 목표\n\n내용\n\n### 세부\n```\n# 코드 속 주석\n```", date: "2021-07-05", by: "Seok")
        return try repository.state()
    }

    func testWeekPagesShowCarriedInProgressAndOverdueTasks() throws {
        let files = try WikiExporter().render(Self.state())
        let old = try XCTUnwrap(files.first { $0.name == "Week-2024-W47.md" }?.contents)
        XCTAssertTrue(old.contains("""
        ### 지혜 (2/4)

        - [ ] 화면간 연결 (carried → 2024-W48)
          - [x] 버튼 배치
          - [ ] 전환 애니메이션 (carried → 2024-W48)
        - [x] 끝낸 일

        """), old)
        let new = try XCTUnwrap(files.first { $0.name == "Week-2024-W48.md" }?.contents)
        XCTAssertTrue(new.contains("""
        ### 지혜 (0/3)

        - [ ] 화면간 연결 (carried ← 2024-W47) (Due 2024-11-20, overdue)
          - [ ] 전환 애니메이션 (carried ← 2024-W47)
        - [ ] 코드 리뷰 (in progress)

        """), new)
    }

    func testKoreanMarksAndHeading() throws {
        let files = try WikiExporter(language: .ko).render(Self.state())
        let new = try XCTUnwrap(files.first { $0.name == "Week-2024-W48.md" }?.contents)
        for line in ["## 팀원별 목표", "- [ ] 화면간 연결 (이월 ← 2024-W47) (마감 2024-11-20, 기한 지남)", "- [ ] 코드 리뷰 (진행 중)"] {
            XCTAssertTrue(new.contains(line), "missing \(line) in\n\(new)")
        }
        XCTAssertTrue(try XCTUnwrap(files.first { $0.name == "Week-2024-W47.md" }?.contents).contains("- [ ] 화면간 연결 (이월 → 2024-W48)"))
    }

    func testAPageTitledLikeTheJournalIsTitledOnceAndEntryHeadingsNest() throws {
        let korean = try XCTUnwrap(try WikiExporter(language: .ko).render(Self.state()).first { $0.name == "개발-일지.md" }?.contents)
        XCTAssertEqual(korean, """
        # 개발 일지

        [홈](Home)

        소개

        ## 2021-07-05 · Seok

        ### 목표

        내용

        #### 세부
        ```
        # 코드 속 주석
        ```

        """)
        let english = try XCTUnwrap(try WikiExporter().render(Self.state()).first { $0.name == "개발-일지.md" }?.contents)
        for line in ["\n## Journal\n", "\n### 2021-07-05 by Seok\n", "\n#### 목표\n", "\n##### 세부\n", "\n# 코드 속 주석\n"] {
            XCTAssertTrue(english.contains(line), "missing \(line) in\n\(english)")
        }
    }

    func testHeadingLevels() {
        XCTAssertEqual(HeadingLevels.demote("# a\ntext\n## b", toAtLeast: 4), "#### a\ntext\n##### b")
        XCTAssertEqual(HeadingLevels.demote("#### deep", toAtLeast: 3), "#### deep", "already below: unchanged")
        XCTAssertEqual(HeadingLevels.demote("# a\n###### f", toAtLeast: 4), "#### a\n###### f", "capped at 6")
        XCTAssertEqual(HeadingLevels.demote("#hashtag\n~~~\n# x\n~~~", toAtLeast: 3), "#hashtag\n~~~\n# x\n~~~")
        XCTAssertEqual(HeadingLevels.droppingRepeatedTitle("\n## 개발 일지 2\n\nbody", title: "개발 일지"), "\n## 개발 일지 2\n\nbody",
                       "another title stays")
        XCTAssertEqual(HeadingLevels.droppingRepeatedTitle("# Rules\n\nbody", title: "rules"), "body")
    }
}
