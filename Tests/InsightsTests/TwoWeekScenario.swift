import Foundation
import TeamflowCore
import TeamflowTestSupport

/// A recorded two weeks (2024-W47 and W48) in Seoul, each step at a fixed time: planning on
/// the Friday before, checks across the days, an uncheck, a done task removed, an open task
/// removed, a task added mid-week, one done after its week, and one check written in UTC that
/// falls on the next Monday in Seoul.
struct TwoWeekScenario {
    var fixture = Fixture()
    /// Task and goal ids by their titles.
    var ids: [String: String] = [:]

    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// Runs the whole script.
    static func recorded() throws -> TwoWeekScenario {
        var s = TwoWeekScenario()
        try s.at("2024-11-15T17:00:00+09:00") { f in
            try f.members.add(name: "민수", handle: "minsu")
            try f.members.add(name: "Jiwoo", handle: "jiwoo")
            return [:]
        }
        try s.at("2024-11-15T17:01:00+09:00") { f in ["배포": try f.goals.add(title: "배포", week: "2024-W47").id.rawValue] }
        try s.add("로그인", "minsu", at: "2024-11-15T17:02:00+09:00")
        try s.add("리뷰", "jiwoo", at: "2024-11-15T17:03:00+09:00")
        try s.add("문서", nil, at: "2024-11-15T17:04:00+09:00")
        try s.add("중복", "minsu", at: "2024-11-15T17:05:00+09:00")
        try s.add("취소", "jiwoo", at: "2024-11-15T17:06:00+09:00")
        try s.check("중복", at: "2024-11-19T12:00:00+09:00")
        try s.check("로그인", at: "2024-11-19T18:00:00+09:00")
        try s.on("중복", at: "2024-11-20T10:00:00+09:00") { f, id in _ = try f.tasks.remove(id) }
        try s.on("취소", at: "2024-11-20T10:30:00+09:00") { f, id in _ = try f.tasks.remove(id) }
        try s.check("리뷰", at: "2024-11-20T11:00:00+09:00")
        try s.on("리뷰", at: "2024-11-21T09:00:00+09:00") { f, id in _ = try f.tasks.uncheck(id) }
        try s.on("배포", at: "2024-11-21T16:00:00+09:00") { f, id in _ = try f.goals.check(id) }
        try s.add("추가", "jiwoo", at: "2024-11-22T10:00:00+09:00")
        // Written in UTC on Sunday; Monday 00:30 in Seoul.
        s.fixture.session.timeZone = utc
        try s.check("추가", at: "2024-11-24T15:30:00Z")
        s.fixture.session.timeZone = seoul
        try s.add("다음 주", "minsu", week: "2024-W48", at: "2024-11-25T09:00:00+09:00")
        try s.check("다음 주", at: "2024-11-25T17:00:00+09:00")
        try s.check("문서", at: "2024-11-26T15:00:00+09:00")
        try s.check("리뷰", at: "2024-11-27T10:00:00+09:00")
        return s
    }

    func id(_ title: String) -> String { ids[title] ?? title }

    func state() throws -> TeamState { try fixture.state() }

    /// Runs `body` with the session's clock at `now`; it returns ids to remember.
    mutating func at(_ now: String, _ body: (Fixture) throws -> [String: String]) throws {
        fixture.session.now = Timestamp.parse(now) ?? Date(timeIntervalSince1970: 0)
        ids.merge(try body(fixture)) { $1 }
    }

    mutating func add(_ title: String, _ member: String?, week: String = "2024-W47", at now: String) throws {
        try at(now) { f in [title: try f.tasks.add(title: title, .init(member: member, week: week)).id.rawValue] }
    }

    mutating func check(_ title: String, at now: String) throws {
        try on(title, at: now) { f, id in _ = try f.tasks.check(id) }
    }

    /// Runs `body` on the item titled `title`, at `now`.
    mutating func on(_ title: String, at now: String, _ body: (Fixture, String) throws -> Void) throws {
        let id = id(title)
        try at(now) { f in
            try body(f, id)
            return [:]
        }
    }
}
