/// The language of the site's words (`--lang en|ko`); user text is never translated.
public enum SiteLanguage: String, Sendable, CaseIterable {
    case en
    case ko

    /// The word for `key` (the key itself when missing, so a gap shows rather than crashes).
    func word(_ key: String) -> String {
        (self == .ko ? SiteLanguage.korean : SiteLanguage.english)[key] ?? key
    }

    private static let english: [String: String] = [
        "dashboard": "Dashboard", "team": "Team", "thisWeek": "This week", "weeks": "Weeks", "reviews": "Review notes",
        "pages": "Wiki pages", "goals": "Goals", "sprintGoals": "Sprint goals", "members": "Tasks by member",
        "unassigned": "Unassigned", "sprint": "Sprint", "burndown": "Burndown", "velocity": "Velocity",
        "projects": "Projects and epics", "overdue": "Overdue", "nothing": "Nothing recorded.",
        "noOverdue": "Nothing overdue.", "due": "due", "progress": "Progress", "retro": "Retrospective",
        "keep": "Keep", "problem": "Problem", "try": "Try", "by": "by", "author": "Author", "branch": "Branch",
        "opened": "Opened", "week": "Week", "link": "Pull request", "comments": "Comments", "journal": "Journal",
        "home": "Dashboard", "skip": "Skip to content", "generated": "As of", "todo": "to do", "doing": "doing",
        "done": "done", "noEpic": "No epics yet.", "task": "task", "project": "project", "filter": "Show member",
        "everyone": "everyone", "noProject": "Epics without a project", "weekBurndown": "This week's burndown", "sprintBurndown": "Sprint burndown",
        "carriedTo": "carried to", "carriedFrom": "from", "overdueMark": "overdue",
        "history": "History", "added": "Added", "carried": "Carried", "doneAt": "Done", "removedAt": "Removed",
        "dueOn": "Due", "allEvents": "Every event:", "sprints": "Sprints", "charts": "Charts",
    ]

    private static let korean: [String: String] = [
        "dashboard": "대시보드", "team": "팀", "thisWeek": "이번 주", "weeks": "주간 기록", "reviews": "리뷰 노트",
        "pages": "위키", "goals": "금주 목표", "sprintGoals": "스프린트 목표", "members": "팀원별 목표",
        "unassigned": "담당자 없음", "sprint": "스프린트", "burndown": "번다운", "velocity": "속도",
        "projects": "프로젝트와 에픽", "overdue": "마감 지남", "nothing": "기록 없음",
        "noOverdue": "마감 지난 항목 없음", "due": "마감", "progress": "진행률", "retro": "회고",
        "keep": "Keep", "problem": "Problem", "try": "Try", "by": "·", "author": "작성자", "branch": "브랜치",
        "opened": "생성", "week": "주차", "link": "풀 리퀘스트", "comments": "코멘트", "journal": "개발 일지",
        "home": "대시보드", "skip": "본문으로 건너뛰기", "generated": "기준일", "todo": "할 일", "doing": "진행 중",
        "done": "완료", "noEpic": "에픽 없음", "task": "작업", "project": "프로젝트", "filter": "팀원 보기",
        "everyone": "모두", "noProject": "프로젝트 없는 에픽", "weekBurndown": "이번 주 번다운", "sprintBurndown": "스프린트 번다운",
        "carriedTo": "이월 →", "carriedFrom": "이월 ←", "overdueMark": "기한 지남",
        "history": "기록", "added": "추가", "carried": "이월", "doneAt": "완료", "removedAt": "삭제",
        "dueOn": "마감", "allEvents": "전체 기록:", "sprints": "스프린트", "charts": "차트",
    ]
}
