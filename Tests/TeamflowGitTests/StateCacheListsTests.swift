import Foundation
import TeamflowCore
@testable import TeamflowGit
import XCTest

/// The state read from the cache (a snapshot with its lists, our appends journaled on top)
/// gives the boards a replay of the history gives; a damaged cache is rebuilt.
final class StateCacheListsTests: XCTestCase {
    private let session = Session(author: TestRepository.author,
                                  now: Timestamp.parse("2024-11-27T10:00:00+09:00") ?? Date(timeIntervalSince1970: 0),
                                  timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    private let weeks = (46...49).map { ISOWeek(year: 2024, week: $0) }

    private func assertBoardsMatchAReplay(_ repo: TestRepository, _ label: String) throws {
        let cached = try repo.store().state()
        XCTAssertNotNil(cached.tasks.stored?.indices(listedUnder: { _ in true }), "\(label): the tasks come from the snapshot's lists")
        let replayed = try repo.store().replayState().state
        for week in weeks {
            XCTAssertEqual(WeekBoard(state: cached, week: week, today: session.today),
                           WeekBoard(state: replayed, week: week, today: session.today), "\(label): \(week)")
        }
        let tasks = TaskUseCases(repository: try repo.store(), session: session)
        for week in weeks {
            let listed = try tasks.list(.init(week: week.description)).map(\.id)
            XCTAssertEqual(Set(listed), Set(replayed.liveTasks { $0.week == week.description }.map(\.id)), "\(label): task list \(week)")
        }
    }

    func testBoardsFromTheCachedSnapshotAndTheJournalEqualAReplay() throws {
        let repo = try TestRepository()
        let store = try repo.store()
        let tasks = TaskUseCases(repository: store, session: session)
        var ids: [String] = []
        for i in 0..<24 {
            let due: String? = i % 4 == 0 ? "2024-11-2\(i % 8)" : nil
            let week = "2024-W4\(6 + i % 4)"
            ids.append(try tasks.add(title: "일 \(i)", .init(week: week, due: due, parent: i % 7 == 6 ? ids.last : nil)).id.rawValue)
        }
        _ = try tasks.check(ids[3])
        // The snapshot, written afresh with its lists.
        try FileManager.default.removeItem(atPath: repo.path + "/.git/teamflow")
        _ = try repo.store().state()
        try assertBoardsMatchAReplay(repo, "snapshot")

        // Our appends since, journaled on top of the snapshot: a week moved, a due date set,
        // a task done, a carry.
        let later = TaskUseCases(repository: try repo.store(), session: session)
        _ = try later.edit(ids[1], .init(week: "2024-W46"))
        _ = try later.edit(ids[2], .init(due: "2024-11-18"))
        _ = try later.check(ids[8])
        _ = try WeekUseCases(repository: try repo.store(), session: session).carry(from: "2024-W47", to: "2024-W48")
        try assertBoardsMatchAReplay(repo, "journal on top")

        // A cache with one byte changed is rebuilt, never read wrong.
        let path = repo.path + "/.git/teamflow/state-refs-teamflow-events.bin"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 3] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let replayed = try repo.store().replayState().state
        for week in weeks {
            XCTAssertEqual(WeekBoard(state: try repo.store().state(), week: week, today: session.today),
                           WeekBoard(state: replayed, week: week, today: session.today), "damaged: \(week)")
        }
    }
}
