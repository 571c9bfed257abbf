import Site

/// The keys of the live board's words: a misspelt key does not compile.
enum BoardWord: String, CaseIterable, Sendable {
    case thisWeek, dashboard, sprints, charts, change, addTask
    case task, `for`, due, dueHint, dueOrNone, addTaskButton
    case addGoal, goal, addGoalButton, retro, entry, kind
    case addEntry, carry, undo, me, `as`, asMe
    case edit, title, save, start, checkGoal, reopenGoal
    case checkTask, reopenTask, startTask, error, syncFailed, comment
    case commentText, commentButton, week, updated, refreshFailed
}

/// The live board's own words (its forms, buttons, notices and navigation) in the team's
/// `teamflow.lang`, beside the site's words the pages already follow. User text is never
/// translated.
struct BoardWords: Sendable {
    let language: SiteLanguage

    /// The word for `key` (the English one when the language has none).
    subscript(_ key: BoardWord) -> String {
        (language == .ko ? Self.korean[key] : nil) ?? Self.english[key] ?? key.rawValue
    }

    /// Whether `language` has its own word for every key (a test holds both tables to it).
    static func isComplete(_ language: SiteLanguage) -> Bool {
        BoardWord.allCases.allSatisfy { (language == .ko ? korean[$0] : english[$0]) != nil }
    }

    private static let english: [BoardWord: String] = [
        .thisWeek: "This week", .dashboard: "Dashboard", .sprints: "Sprints", .charts: "Charts",
        .change: "Change the board", .addTask: "Add a task", .task: "Task", .for: "For", .due: "Due",
        .dueHint: "YYYY-MM-DD", .dueOrNone: "YYYY-MM-DD or none", .addTaskButton: "Add task", .addGoal: "Add a goal",
        .goal: "Goal", .addGoalButton: "Add goal", .retro: "Retrospective", .entry: "Entry", .kind: "Kind",
        .addEntry: "Add entry", .carry: "Carry last week's open tasks into %@", .undo: "Undo my last change",
        .me: "me", .as: "As", .asMe: "me (%@)", .edit: "Edit", .title: "Title", .save: "Save", .start: "Start",
        .checkGoal: "Check goal: ", .reopenGoal: "Reopen goal: ", .checkTask: "Check task: ", .reopenTask: "Reopen task: ",
        .startTask: "Start task: ", .error: "error", .syncFailed: "sync failed", .comment: "Add a comment",
        .commentText: "Comment", .commentButton: "Comment", .week: "Week", .updated: "Updated",
        .refreshFailed: "Could not refresh; reload the page.",
    ]

    private static let korean: [BoardWord: String] = [
        .thisWeek: "이번 주", .dashboard: "대시보드", .sprints: "스프린트", .charts: "차트",
        .change: "보드 바꾸기", .addTask: "작업 추가", .task: "작업", .for: "담당", .due: "마감",
        .dueHint: "YYYY-MM-DD", .dueOrNone: "YYYY-MM-DD 또는 none", .addTaskButton: "작업 추가", .addGoal: "목표 추가",
        .goal: "목표", .addGoalButton: "목표 추가", .retro: "회고", .entry: "내용", .kind: "종류",
        .addEntry: "회고 추가", .carry: "지난주에 못 끝낸 작업을 %@(으)로 이월", .undo: "내 마지막 변경 되돌리기",
        .me: "나", .as: "작성자", .asMe: "나 (%@)", .edit: "수정", .title: "제목", .save: "저장", .start: "시작",
        .checkGoal: "목표 완료: ", .reopenGoal: "목표 다시 열기: ", .checkTask: "작업 완료: ", .reopenTask: "작업 다시 열기: ",
        .startTask: "작업 시작: ", .error: "오류", .syncFailed: "동기화 실패", .comment: "코멘트 달기",
        .commentText: "코멘트", .commentButton: "코멘트 남기기", .week: "주차", .updated: "새로 고침",
        .refreshFailed: "새로 고치지 못했습니다. 페이지를 다시 여세요.",
    ]

    /// `key`'s word with `%@` replaced by `value` (markup-free text; the caller escapes).
    func format(_ key: BoardWord, _ value: String) -> String {
        self[key].replacingOccurrences(of: "%@", with: value)
    }
}
