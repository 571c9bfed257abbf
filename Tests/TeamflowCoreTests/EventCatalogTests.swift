import Foundation
import XCTest
@testable import TeamflowCore

/// The table test of the event types: every type round-trips, has an inverse or says why not,
/// and docs/EVENTS.md lists exactly the catalog's types with exactly their keys.
final class EventCatalogTests: XCTestCase {
    /// One value per type, with every optional field set (and patches in each state).
    static let samples: [any TeamEvent] = {
        let day = Day(parsing: "2024-11-18")
        return [
            TeamInitialized(team: "BeStory"),
            GoalAdded(title: "배포", week: "2024-W47", sprint: "s1", done: true),
            GoalEdited(goal: "g1", title: "t", week: "2024-W48", sprint: .cleared),
            GoalChecked(goal: "g1"), GoalUnchecked(goal: "g1"), GoalRemoved(id: "g1"), GoalRestored(id: "g1"),
            GoalRepeated(title: "PR 리뷰", from: ISOWeek(year: 2024, week: 47), until: ISOWeek(year: 2024, week: 52)),
            GoalStopped(rule: "q1", from: ISOWeek(year: 2024, week: 48)),
            GoalInstantiated(rule: "q1", week: ISOWeek(year: 2024, week: 47)),
            MemberAdded(name: "민수", handle: "minsu", email: "m@x"),
            MemberRenamed(member: "m1", name: "Minsu", handle: .set("ms"), email: "n@x"),
            MemberRemoved(id: "m1"), MemberRestored(id: "m1"),
            MemberEdited(member: "m1", name: "Minsu", handle: .cleared, email: .set("m@example.com")),
            ProjectAdded(name: "앱", due: day, description: "d"),
            ProjectEdited(project: "p1", name: "n", due: .cleared, description: .set("d")),
            ProjectMoved(project: "p1", status: .doing),
            ProjectRemoved(project: "p1", detached: ["e1"]), ProjectRestored(project: "p1", detached: ["e1"]),
            EpicAdded(title: "E", project: "p1"), EpicEdited(epic: "e1", title: "F", project: .cleared),
            EpicMoved(epic: "e1", status: .done), EpicRemoved(id: "e1"), EpicRestored(id: "e1"),
            TaskAdded(title: "일", week: "2024-W47", member: "m1", epic: "e1", parent: "t0", due: day, sprint: "s1", done: true,
                      note: "⇒ 메모", points: 3, labels: ["ios", "ui"]),
            TaskEdited(task: "t1", title: "새", week: "2024-W48", due: day.map(Patch.set) ?? .cleared, epic: .cleared,
                       parent: .set("t0"), sprint: .unchanged, points: .set(5), labels: ["ios"]),
            TaskChecked(task: "t1", source: "github", pr: 95, merged: "2024-11-20T00:00:00Z", issue: 12, commit: "1a2b3c4"), TaskUnchecked(task: "t1"), TaskStarted(task: "t1", source: "commit", commit: "1a2b3c4"),
            TaskAssigned(task: "t1", member: nil),
            TaskRemoved(task: "t1", subtasks: ["t2"]), TaskRestored(task: "t1", subtasks: ["t2"]),
            TaskCarried(from: "2024-W47", to: "2024-W48", tasks: ["t1", "t0"]), TaskUncarried(from: "2024-W47", to: "2024-W48", tasks: ["t1"]),
            TaskLinked(task: "t1", kind: "pr", ref: "96"), TaskUnlinked(task: "t1", kind: "pr", ref: "95"),
            GoalAssigned(goal: "g1", member: "m1"), GoalCarried(from: "2024-W47", to: "2024-W48", goals: ["g1"]),
            GoalUncarried(from: "2024-W47", to: "2024-W48", goals: ["g1"]),
            SprintAdded(name: "S12", from: Day(parsing: "2024-11-18") ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .gmt),
                        to: Day(parsing: "2024-11-29") ?? Day(date: Date(timeIntervalSince1970: 0), timeZone: .gmt)),
            SprintRemoved(id: "s1"), SprintRestored(id: "s1"),
            ReviewAdded(pr: 95, title: "방 생성", week: "2024-W47", by: "kim", url: "https://x/95", branch: "feat",
                        opened: "2024-11-18T09:00:00Z", sections: [ReviewSection(kind: "work", heading: "## 작업", body: "b")],
                        comments: [ReviewAdded.Comment(by: "lee", text: "lgtm", posted: "2024-11-19T00:00:00Z", state: "approved", github: "PRR_1"), nil],
                        state: "merged", merged: "2024-11-20T00:00:00Z"),
            ReviewEdited(review: "v1", title: "t", by: "kim", url: .cleared, branch: .set("b"), sections: []),
            ReviewCommented(review: "v1", text: "좋아요", by: "lee", posted: "2024-11-19T00:00:00Z", state: "commented", github: "IC_1"),
            ReviewReworded(review: "v1", comment: "v1-0", text: "좋아요!"),
            ReviewStateChanged(review: "v1", state: "merged", merged: "2024-11-20T00:00:00Z"),
            ReviewRemoved(id: "v1"), ReviewRestored(id: "v1"),
            RetroAdded(text: "PR을 작게", kind: "try", week: "2024-W47"), RetroRemoved(id: "r1"), RetroRestored(id: "r1"),
            WikiSaved(title: "개발 일지", body: "본문"),
            WikiAppended(title: "개발 일지", text: "Step 1", date: day, by: "Seok"),
        ]
    }()

    func testTheSamplesCoverTheCatalogOnceEach() {
        XCTAssertEqual(Self.samples.map { type(of: $0).type }, EventCatalog.entries.map(\.type))
        XCTAssertEqual(Set(EventCatalog.entries.map(\.type)).count, EventCatalog.entries.count, "a type listed twice")
        XCTAssertEqual(Set(EventSchema.table.keys), Set(EventCatalog.entries.map(\.type)))
    }

    func testEveryTypeRoundTripsAndFitsItsSchema() {
        func check<E: TeamEvent>(_ value: E) {
            XCTAssertEqual(E(data: value.data), value, E.type)
            let event = Event(id: "abcd", type: E.type, at: "2024-11-19T10:00:00+09:00", author: Author(name: "a", email: "a@x"),
                              clock: 1, data: value.data)
            XCTAssertEqual(EventSchema.problems(in: event), [], E.type)
            XCTAssertEqual(Set(value.data.keys).subtracting(E.keys.map(\.name)), [], "\(E.type) writes a key it does not declare")
            XCTAssertNil(value.invalidReason, E.type)
            XCTAssertEqual(FieldLimits.violations(in: event), [], E.type)
            // A misspelled body key would quietly make a body a 4 KiB one-line field.
            let bodies = Set(E.bodyKeys.map { String($0.prefix { $0 != "." }) })
            XCTAssertEqual(bodies.subtracting(E.keys.map(\.name)), [], "\(E.type) declares a body key it does not have")
        }
        for sample in Self.samples { check(sample) }
    }

    /// Each patch state survives the data: absent, `null` and a value are three different edits.
    func testPatchesKeepTheirThreeStates() {
        for patch: Patch<Project.ID> in [.unchanged, .cleared, .set("e1")] {
            let edit = EpicEdited(epic: "e1", project: patch)
            XCTAssertEqual(EpicEdited(data: edit.data)?.project, patch)
        }
        XCTAssertEqual(EpicEdited(data: ["epic": "e1", "project": 5])?.project, .cleared, "a non-string clears, as it always did")
        XCTAssertEqual(EpicEdited(data: ["epic": "e1", "title": 5])?.title, nil, "a non-string title is no change")
    }

    /// Each type declares what it sets by last writer wins, and the declaration matches the
    /// data: an edit reports every key it wrote (but its own id), a status change its status,
    /// and a type that only adds, removes or appends reports nothing. A new edit type that
    /// declared `.none` by mistake fails here, since it is named like an edit.
    func testEveryEditDeclaresTheFieldsSyncReports() {
        let editWords = ["edited", "moved", "renamed", "assigned", "checked", "unchecked", "started", "stopped", "saved",
                         "reworded", "state"]
        for sample in Self.samples {
            let kind = Swift.type(of: sample)
            let isEdit = editWords.contains { kind.type.hasSuffix("." + $0) }
            let writes = kind.concurrentWrites.writes(sample.data)
            XCTAssertEqual(writes != nil, isEdit, "\(kind.type): \(String(describing: writes?.fields.map(\.0)))")
            guard let writes, case .fields(let idKey, let skipping) = kind.concurrentWrites else { continue }
            let expected = sample.data.pairs.map(\.key).filter { $0 != idKey && !skipping.contains($0) }
            XCTAssertEqual(writes.fields.map(\.0), expected, kind.type)
            XCTAssertEqual(writes.id, sample.data.string(idKey), kind.type)
        }
    }

    /// Every type either has an inverse, itself a valid event of a known type, or says why not.
    func testEveryTypeHasAnInverseOrAReason() {
        let before = Self.richState()
        for sample in Self.samples {
            let kind = Swift.type(of: sample)
            let type = kind.type
            let event = Event(id: "new1", type: type, at: "2024-11-19T10:00:00+09:00", author: Author(name: "a", email: "a@x"),
                              clock: 100, data: sample.data)
            let draft = UndoUseCase.compensation(for: event, before: before)
            if let reason = kind.notUndoable {
                XCTAssertFalse(reason.isEmpty, type)
                XCTAssertNil(draft, type)
            } else if let draft {
                let entry = EventCatalog.byType[draft.type]
                XCTAssertNotNil(entry, "\(type) undoes with unknown \(draft.type)")
                XCTAssertEqual(entry?.decodes(draft.data), true, "\(type)'s inverse does not decode: \(draft.data)")
            } else {
                XCTFail("\(type) has neither an inverse nor a reason")
            }
        }
    }

    func testUnknownTypesAreKeptAndIgnored() {
        let author = Author(name: "a", email: "a@x")
        let events = [
            Event(id: "aaaa", type: "goal.added", at: "2024-11-19T10:00:00+09:00", author: author, clock: 1,
                  data: ["title": "g", "week": "2024-W47"]),
            Event(id: "bbbb", type: "goal.exploded", at: "2024-11-19T10:00:00+09:00", author: author, clock: 2,
                  data: ["goal": "aaaa", "title": "x"]),
        ]
        let state = TeamState.derive(from: events)
        XCTAssertEqual(state.eventCount, 2)
        XCTAssertEqual(state.goals["aaaa"]?.title, "g")
        XCTAssertNil(EventCatalog.byType["goal.exploded"])
        XCTAssertFalse(UndoUseCase.canUndo("goal.exploded"))
        XCTAssertEqual(EventSchema.problems(in: events[1]), [])
    }

    /// docs/EVENTS.md: each table row names its types and their data keys in order, `?` for
    /// optional, and `(int)`/`(bool)`/`(list` after a key of that kind.
    func testTheDocumentedCatalogMatchesTheTypes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/EVENTS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var documented: [String: [EventSchema.Key]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let types = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let parts = cells[2].split(separator: "`", omittingEmptySubsequences: false).map(String.init)
            var keys: [EventSchema.Key] = []
            for index in stride(from: 1, to: parts.count, by: 2) {
                let token = parts[index], after = index + 1 < parts.count ? parts[index + 1] : ""
                let kind: EventSchema.Kind = after.contains("(int") ? .int : after.contains("(bool") ? .bool
                    : after.contains("(list") ? .list : .string
                keys.append(EventSchema.Key(name: token.hasSuffix("?") ? String(token.dropLast()) : token, kind: kind,
                                            required: !token.hasSuffix("?")))
            }
            for type in types { documented[type] = keys }
        }
        XCTAssertEqual(Set(documented.keys), Set(EventCatalog.entries.map(\.type)))
        for entry in EventCatalog.entries {
            XCTAssertEqual(documented[entry.type].map { $0.map(\.name) }, entry.keys.map(\.name), entry.type)
            XCTAssertEqual(documented[entry.type], entry.keys, "\(entry.type): kind or required differs")
        }
    }

    /// A state holding every thing the samples name.
    static func richState() -> TeamState {
        let author = Author(name: "a", email: "a@x")
        var clock = 0
        func event(_ id: String, _ value: some TeamEvent) -> Event {
            clock += 1
            return Event(id: id, type: type(of: value).type, at: "2024-11-18T10:00:00+09:00", author: author, clock: clock,
                         data: value.data)
        }
        return TeamState.derive(from: [
            event("m1", MemberAdded(name: "민수")), event("p1", ProjectAdded(name: "앱")), event("e1", EpicAdded(title: "E")),
            event("t0", TaskAdded(title: "부모", week: "2024-W47")), event("t1", TaskAdded(title: "일", week: "2024-W47")),
            event("g1", GoalAdded(title: "g", week: "2024-W47")), event("v1", ReviewAdded(pr: 1, title: "r", week: "2024-W47")),
            event("w1", WikiSaved(title: "개발 일지", body: "old")), event("l1", TaskLinked(task: "t1", kind: "pr", ref: "95")),
            event("q1", GoalRepeated(title: "PR 리뷰", from: ISOWeek(year: 2024, week: 47))),
        ])
    }
}
