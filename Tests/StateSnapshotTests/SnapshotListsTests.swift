import Foundation
import XCTest
import TeamflowTestSupport
@testable import StateSnapshot
@testable import TeamflowCore

/// The lists at the end of each table's snapshot (by week, member and sprint) only narrow
/// where a board looks: over random histories, with changes folded on top of the snapshot and
/// through snapshots that extend earlier ones, every board and task list read through them
/// equals a full scan; damaged lists mean a scan, never a crash.
final class SnapshotListsTests: XCTestCase {
    static let plainWeeks = ["2024-W46", "2024-W47", "2024-W48", "2024-W49", "2024-W50"]
    /// Spellings no list is kept for (some parse as weeks, some do not).
    static let oddWeeks = ["2024-w48", "2024-W48 ", "2024-W53", "", "24-W48", "2024-W４8", "2024-11-26", "2024-W00"]
    static let members = ["m0001", "m0002", "m0003", "이상한", ""]
    static let dues: [Day?] = [nil, nil, nil, Day(year: 2024, month: 11, day: 12), Day(year: 2024, month: 11, day: 20),
                               Day(year: 2024, month: 11, day: 27), Day(year: 2024, month: 12, day: 4)]
    static let todays: [Day] = [Day(year: 2024, month: 11, day: 21), Day(year: 2024, month: 11, day: 27),
                                Day(year: 2024, month: 12, day: 9)].compactMap { $0 }

    func testBoardsReadThroughTheListsEqualAFullScanOverRandomHistories() throws {
        for seed in UInt64(1)...12 {
            var rng = SplitMix(state: seed)
            let state = Self.randomState(&rng, tasks: 150)
            var writer = SnapshotWriter()
            writer.write(state)
            let archive = SnapshotArchive(bytes: writer.bytes)
            var reader = SnapshotReader(archive: archive)
            var loaded = try reader.read(TeamState.self)
            XCTAssertTrue(reader.isAtEnd)
            try assertListsAgree(loaded, "seed \(seed), as written")

            // Newer events folded on top: the changed tasks are tested, listed or not.
            Self.change(&loaded, &rng, count: 40)
            try assertListsAgree(loaded, "seed \(seed), with changes on top")

            // A snapshot extending the first: copied entries keep their lists, moved to new slots.
            var extending = SnapshotWriter(extending: archive)
            extending.write(loaded)
            var second = SnapshotReader(archive: SnapshotArchive(bytes: extending.bytes))
            var again = try second.read(TeamState.self)
            XCTAssertEqual(again, loaded)
            try assertListsAgree(again, "seed \(seed), extended")

            // And one written afresh from a state read lazily.
            Self.change(&again, &rng, count: 20)
            var fresh = SnapshotWriter()
            fresh.write(again)
            var third = SnapshotReader(bytes: fresh.bytes)
            let rewritten = try third.read(TeamState.self)
            try assertListsAgree(rewritten, "seed \(seed), rewritten")
        }
    }

    /// A list position past the table, or lists cut short, read as no lists: the board scans.
    func testDamagedListsMeanAFullScanNeverACrash() throws {
        var rng = SplitMix(state: 99)
        let state = Self.randomState(&rng, tasks: 60)
        var writer = SnapshotWriter()
        writer.write(state.tasks)
        let good = writer.bytes
        var reader = SnapshotReader(bytes: good)
        let intact = try reader.read(EntityTable<TeamTask>.self)
        let listed = try XCTUnwrap(try storage(intact).indices(listedUnder: IndexKey.picking(.week, "2024-W48")))
        XCTAssertLessThan(listed.count, intact.count, "the lists narrow the read")

        // The last position of the last list, turned to one past any table.
        var damaged = good
        for i in 1...4 { damaged[damaged.count - i] = 0xFF }
        var damagedReader = SnapshotReader(bytes: damaged)
        let table = try damagedReader.read(EntityTable<TeamTask>.self)
        XCTAssertNil(try storage(table).indices(listedUnder: { _ in true }))
        XCTAssertNil(try storage(table).allLists())
        let week = ISOWeek(year: 2024, week: 48)
        for today in Self.todays {
            var damagedState = state
            damagedState.tasks = table
            XCTAssertEqual(WeekBoard(state: damagedState, week: week, today: today), WeekBoard(state: state, week: week, today: today))
        }
        // A writer extending the damaged snapshot lists every entry by its keys again.
        var extending = SnapshotWriter(extending: try storage(table).archive)
        extending.write(table)
        var extendedReader = SnapshotReader(bytes: extending.bytes)
        let extended = try extendedReader.read(EntityTable<TeamTask>.self)
        XCTAssertEqual(try storage(extended).indices(listedUnder: IndexKey.picking(.week, "2024-W48")), listed)

        // Every cut of the lists: a throw or a scan, never a crash or a wrong board.
        let listsStart = good.count - 64
        for cut in stride(from: listsStart, to: good.count, by: 3) {
            var cutReader = SnapshotReader(bytes: Array(good[..<cut]))
            XCTAssertThrowsError(try cutReader.read(EntityTable<TeamTask>.self))
        }
        for flip in stride(from: listsStart, to: good.count, by: 1) {
            var bytes = good
            bytes[flip] ^= 0x5A
            var flipped = SnapshotReader(bytes: bytes)
            guard let table = try? flipped.read(EntityTable<TeamTask>.self) else { continue }
            var flippedState = state
            flippedState.tasks = table
            if try storage(table).indices(listedUnder: { _ in true }) == nil {
                XCTAssertEqual(WeekBoard(state: flippedState, week: week, today: Self.todays[1]),
                               WeekBoard(state: state, week: week, today: Self.todays[1]), "byte \(flip)")
            }
        }
    }

    /// Tables of entities that keep no lists write an empty list section and read back whole.
    func testTablesWithoutListsRoundTrip() throws {
        var rng = SplitMix(state: 5)
        let state = Self.randomState(&rng, tasks: 10)
        var writer = SnapshotWriter()
        writer.write(state.sprints)
        var reader = SnapshotReader(bytes: writer.bytes)
        let sprints = try reader.read(EntityTable<Sprint>.self)
        XCTAssertTrue(reader.isAtEnd)
        XCTAssertEqual(sprints, state.sprints)
        XCTAssertNil(try storage(sprints).indices(listedUnder: { _ in true }))
    }

    /// Entries tested as they are decoded give what decoding all and filtering gives, and the
    /// test runs outside the storage's lock: it may read the storage itself.
    func testEntriesTestedAsTheyAreDecodedEqualAFilterAndMayReadTheStorage() throws {
        var rng = SplitMix(state: 7)
        var writer = SnapshotWriter()
        writer.write(Self.randomState(&rng, tasks: 80).tasks)
        var reader = SnapshotReader(bytes: writer.bytes)
        let stored = try storage(try reader.read(EntityTable<TeamTask>.self))
        let indices = Array(stride(from: stored.count - 1, through: 0, by: -2)) + [stored.count, -1]
        for week in Self.plainWeeks {
            let kept = stored.entities(at: indices) { task in
                XCTAssertNotNil(stored.entity(at: 0), "the storage reads inside the test")
                return task.week == week
            }
            XCTAssertEqual(kept, stored.entities(at: indices).filter { $0.week == week }, week)
        }
    }

    private func storage<Entity>(_ table: EntityTable<Entity>) throws -> StoredEntries<Entity> {
        try XCTUnwrap(table.stored as? StoredEntries<Entity>)
    }

    /// Every read that goes through the lists against the same read of a state held in memory.
    private func assertListsAgree(_ loaded: TeamState, _ label: String) throws {
        var scanned = loaded
        scanned.decodeAll()
        XCTAssertNil(scanned.tasks.stored)
        let stored = try storage(loaded.tasks)
        XCTAssertNotNil(stored.indices(listedUnder: { _ in true }), "\(label): the lists read back")
        var shown = 0
        for text in Self.plainWeeks {
            let week = try XCTUnwrap(ISOWeek(parsing: text))
            for today in Self.todays {
                let board = WeekBoard(state: loaded, week: week, today: today)
                XCTAssertEqual(board, WeekBoard(state: scanned, week: week, today: today), "\(label): \(text) on \(today)")
                shown += board.allTaskNodes.count + board.overdueTasks.count
            }
            let inWeek = { (task: TeamTask) in task.week == text }
            XCTAssertEqual(loaded.liveTasks(listedUnder: IndexKey.picking(.week, text), where: inWeek),
                           scanned.liveTasks(where: inWeek), "\(label): task list --week \(text)")
        }
        XCTAssertGreaterThan(shown, 0, "\(label): the boards have something to compare")
        for member in Self.members {
            let ofMember = { (task: TeamTask) in task.member?.rawValue == member }
            XCTAssertEqual(loaded.liveTasks(listedUnder: IndexKey.picking(.member, member), where: ofMember),
                           scanned.liveTasks(where: ofMember), "\(label): task list --member \(member)")
        }
        for sprint in scanned.sprints.values {
            XCTAssertEqual(loaded.tasks(in: sprint), scanned.tasks(in: sprint), "\(label): sprint \(sprint.name)")
            XCTAssertEqual(SprintBoard(state: loaded, sprint: sprint, today: Self.todays[1]),
                           SprintBoard(state: scanned, sprint: sprint, today: Self.todays[1]), "\(label): sprint board \(sprint.name)")
        }
    }

    private static func pick<T>(_ items: [T], _ rng: inout SplitMix) -> T { items[Int(rng.next() % UInt64(items.count))] }

    private static func week(_ rng: inout SplitMix) -> String {
        rng.next() % 8 == 0 ? pick(oddWeeks, &rng) : pick(plainWeeks, &rng)
    }

    /// Members, two sprints (one named in another spelling by some tasks), and tasks with odd
    /// weeks, carries, parents, due dates, sprints and removals.
    static func randomState(_ rng: inout SplitMix, tasks count: Int) -> TeamState {
        var state = TeamState()
        for (i, id) in members.prefix(3).enumerated() {
            state.members[id] = Member(id: EntityID(id), name: "사람 \(i)", handle: "h\(i)", email: nil, removed: i == 2, clock: i + 1)
        }
        let sprints = [
            Sprint(id: "sprint0001", name: "Sprint 7", from: Day(year: 2024, month: 11, day: 18) ?? todays[0],
                   to: Day(year: 2024, month: 11, day: 29) ?? todays[0], removed: false, clock: 10),
            Sprint(id: "sprint0002", name: "Sprint 8", from: Day(year: 2024, month: 12, day: 2) ?? todays[0],
                   to: Day(year: 2024, month: 12, day: 13) ?? todays[0], removed: false, clock: 11),
        ]
        for sprint in sprints { state.sprints[sprint.id] = sprint }
        var ids: [String] = []
        for n in 0..<count {
            let id = String(format: "t%07d%016llx", n, rng.next())
            ids.append(id)
            state.tasks[id] = randomTask(id: id, clock: 100 + n, parents: ids.dropLast(), &rng)
        }
        return state
    }

    static func randomTask(id: String, clock: Int, parents: ArraySlice<String>, _ rng: inout SplitMix) -> TeamTask {
        let member: String? = rng.next() % 5 == 0 ? nil : pick(members, &rng)
        let parent: String? = !parents.isEmpty && rng.next() % 5 == 0 ? pick(Array(parents), &rng) : nil
        let sprint: String? = pick([nil, nil, nil, "sprint0001", "sprint 7", "SPRINT 8", "sprint0002", "nope"], &rng)
        var task = TeamTask(id: EntityID(id), title: "일 \(clock)", member: member.map { EntityID($0) }, epic: nil,
                            parent: parent.map { EntityID($0) }, week: week(&rng), sprint: sprint, due: pick(dues, &rng),
                            status: pick([.todo, .todo, .doing, .done], &rng), removed: rng.next() % 10 == 0, clock: clock)
        for _ in 0..<Int(rng.next() % 3) where rng.next() % 2 == 0 {
            let to = week(&rng)
            task.carries.append(TaskCarry(from: task.week, to: to, at: "2024-11-22T10:00:00+09:00"))
            task.week = to
        }
        return task
    }

    /// What newer events do to tasks: new ones, edits of week, due, status, member and sprint,
    /// carries and removals.
    static func change(_ state: inout TeamState, _ rng: inout SplitMix, count: Int) {
        var ids = state.tasks.keys
        for n in 0..<count {
            let id = pick(ids, &rng)
            switch rng.next() % 8 {
            case 0:
                let new = String(format: "u%07d%016llx", n, rng.next())
                state.tasks[new] = randomTask(id: new, clock: 10_000 + n, parents: ArraySlice(ids), &rng)
                ids.append(new)
            case 1: state.tasks[id]?.week = week(&rng)
            case 2: state.tasks[id]?.due = pick(dues, &rng)
            case 3: state.tasks[id]?.status = pick([.todo, .doing, .done], &rng)
            case 4: state.tasks[id]?.member = pick(members, &rng).isEmpty ? nil : EntityID(pick(members, &rng))
            case 5: state.tasks[id]?.sprint = pick([nil, "sprint0001", "Sprint 8", "nope"], &rng)
            case 6:
                let to = week(&rng)
                if let from = state.tasks[id]?.week {
                    state.tasks[id]?.carries.append(TaskCarry(from: from, to: to, at: "2024-11-29T10:00:00+09:00"))
                    state.tasks[id]?.week = to
                }
            default: state.tasks[id]?.removed.toggle()
            }
        }
    }
}
