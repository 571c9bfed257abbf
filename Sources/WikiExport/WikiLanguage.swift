/// The language of the built-in headings (`--lang en|ko`). Layouts see them as `t.<key>`.
public enum WikiLanguage: String, Sendable, CaseIterable {
    case en
    case ko

    /// Every heading and label the built-in layouts use.
    public var labels: [String: String] {
        switch self {
        case .en: return WikiLanguage.english
        case .ko: return WikiLanguage.korean
        }
    }

    private static let english: [String: String] = [
        "home": "Home", "team": "Team", "currentWeek": "Current week", "weeks": "Weeks", "goals": "Goals",
        "members": "Tasks by member", "unassigned": "Unassigned", "retro": "Retrospective", "keep": "Keep",
        "problem": "Problem", "try": "Try", "reviews": "Review notes", "projects": "Projects", "epics": "Epics",
        "pages": "Wiki pages", "journal": "Journal", "comments": "Comments", "due": "Due", "status": "Status",
        "todo": "To do", "doing": "Doing", "done": "Done", "by": "by", "progress": "Progress",
        "nothing": "Nothing recorded.", "author": "Author", "branch": "Branch", "week": "Week", "tasks": "Tasks",
        "noEpic": "Tasks without an epic", "related": "Related issues", "background": "Background", "work": "Work",
        "notes": "Review notes", "testing": "How to test", "other": "Notes", "opened": "Opened", "link": "Link",
        // Task marks on week and project pages.
        "inProgress": "in progress", "carriedTo": "carried →", "carriedFrom": "carried ←", "overdue": "overdue",
        "sprintGoals": "Sprint goals",
    ]

    private static let korean: [String: String] = [
        "home": "홈", "team": "팀", "currentWeek": "이번 주", "weeks": "주간 기록", "goals": "금주 목표",
        "members": "팀원별 목표", "unassigned": "담당자 없음", "retro": "회고", "keep": "Keep",
        "problem": "Problem", "try": "Try", "reviews": "리뷰 노트", "projects": "프로젝트", "epics": "에픽",
        "pages": "위키", "journal": "개발 일지", "comments": "코멘트", "due": "마감", "status": "상태",
        "todo": "할 일", "doing": "진행 중", "done": "완료", "by": "·", "progress": "진행률",
        "nothing": "기록 없음", "author": "작성자", "branch": "브랜치", "week": "주차", "tasks": "작업",
        "noEpic": "에픽 없는 작업", "related": "관련 이슈", "background": "배경", "work": "작업 내역",
        "notes": "리뷰 노트", "testing": "테스트 방법", "other": "메모", "opened": "생성", "link": "링크",
        // Task marks on week and project pages.
        "inProgress": "진행 중", "carriedTo": "이월 →", "carriedFrom": "이월 ←", "overdue": "기한 지남",
        "sprintGoals": "스프린트 목표",
    ]
}
