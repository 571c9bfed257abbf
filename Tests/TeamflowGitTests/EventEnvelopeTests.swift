import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
import YAML
@testable import TeamflowGit

/// `undoes` and `batch` are envelope keys beside `data` in the stored file; histories written
/// before they moved (inside `data`) read the same.
final class EventEnvelopeTests: XCTestCase {
    private let session = Session(author: TestRepository.author,
                                  now: Timestamp.parse("2024-11-19T10:00:00+09:00") ?? Date(timeIntervalSince1970: 0),
                                  timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)

    private func blob(_ repo: TestRepository, _ id: String) throws -> String {
        let path = try repo.git("ls-tree", "-r", "--name-only", "refs/teamflow/events")
            .split(separator: "\n").first { $0.hasSuffix("/\(id).yaml") }
        return try repo.git("cat-file", "blob", "refs/teamflow/events:" + String(try XCTUnwrap(path)))
    }

    func testUndoAndBatchAreWrittenBesideDataNotInIt() throws {
        let repo = try TestRepository()
        let goals = GoalUseCases(repository: try repo.store(), session: session)
        let a = try goals.add(title: "A", week: "2024-W47"), b = try goals.add(title: "B", week: "2024-W47")
        try goals.check([a.id.rawValue, b.id.rawValue])
        let undo = try UndoUseCase(repository: try repo.store(), session: session).undo()
        let checked = try blob(repo, undo.allUndone[0].id)
        let compensation = try blob(repo, undo.written.id)
        // The envelope sits between `clock` and `data`, at the top level.
        XCTAssertTrue(checked.contains("\nbatch: "), checked)
        XCTAssertLessThan(try XCTUnwrap(checked.range(of: "\nclock: ")).lowerBound, try XCTUnwrap(checked.range(of: "\nbatch: ")).lowerBound)
        XCTAssertLessThan(try XCTUnwrap(checked.range(of: "\nbatch: ")).lowerBound, try XCTUnwrap(checked.range(of: "\ndata:")).lowerBound)
        XCTAssertTrue(compensation.contains("\nundoes: \(undo.allUndone.last?.id ?? "?")\n")
                      || compensation.contains("\nundoes: \(undo.allUndone.first?.id ?? "?")\n"), compensation)
        for text in [checked, compensation] {
            let data = try XCTUnwrap(YAML.parse(text)["data"])
            XCTAssertNil(data["undoes"], "not in data:\n\(text)")
            XCTAssertNil(data["batch"], "not in data:\n\(text)")
        }
        XCTAssertEqual(try repo.store().events().filter { $0.undoes != nil }.count, 2)
        XCTAssertTrue(try repo.store().state().goals.values.allSatisfy { !$0.done })
    }

    /// A history written by teamflow 0.4 (envelope inside `data`) keeps its bytes and its meaning:
    /// an undo it recorded is not undone again, and its batch is taken back whole.
    func testAnOlderHistorysEnvelopeInsideDataStillCounts() throws {
        let repo = try TestRepository()
        let goals = GoalUseCases(repository: try repo.store(), session: session)
        let a = try goals.add(title: "A", week: "2024-W47"), b = try goals.add(title: "B", week: "2024-W47")
        let old = "author:\n  name: 건우\n  email: gw@example.com\n"
        try repo.plant(path: "events/ol/old1checka.yaml", text: "v: 1\nid: old1checka\ntype: goal.checked\nat: '2024-11-19T11:00:00+09:00'\n"
                       + old + "clock: 10\ndata:\n  goal: \(a.id)\n  batch: old1batch\n")
        try repo.plant(path: "events/ol/old1checkb.yaml", text: "v: 1\nid: old1checkb\ntype: goal.checked\nat: '2024-11-19T11:00:00+09:00'\n"
                       + old + "clock: 11\ndata:\n  goal: \(b.id)\n  batch: old1batch\n")
        let events = try repo.store().events()
        XCTAssertEqual(events.filter { $0.batchToken == "old1batch" }.count, 2)
        XCTAssertEqual(events.first { $0.id == "old1checka" }?.payload, ["goal": .string(a.id.rawValue)])
        XCTAssertTrue(try repo.store().state().goals.values.allSatisfy(\.done))
        let undo = try UndoUseCase(repository: try repo.store(), session: session).undo()
        XCTAssertEqual(Set(undo.allUndone.map(\.id)), ["old1checka", "old1checkb"], "the old batch is one command")
        XCTAssertTrue(try repo.store().state().goals.values.allSatisfy { !$0.done })
        // The compensations restore no envelope key as if it were a field.
        for event in undo.allWritten { XCTAssertEqual(Set(event.data.keys), ["goal"]) }

        // An old compensating event (`data.undoes`) marks its target as undone.
        try repo.plant(path: "events/ol/old1undo.yaml", text: "v: 1\nid: old1undo\ntype: goal.removed\nat: '2024-11-19T12:00:00+09:00'\n"
                       + old + "clock: 50\ndata:\n  goal: \(b.id)\n  undoes: \(b.id)\n")
        let undone = try repo.store().events().compactMap(\.undoneID)
        XCTAssertTrue(undone.contains(b.id.rawValue))
        XCTAssertThrowsError(try UndoUseCase(repository: try repo.store(), session: session).undo(b.id.rawValue)) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .conflict, "already undone")
        }
    }

    func testAnEnvelopeThatIsNotAnIDMakesTheEventCorruptWithItsPlace() throws {
        let repo = try TestRepository()
        _ = try repo.addGoal("fine")
        try repo.plant(path: "events/zz/badenvelope.yaml", text: "v: 1\nid: badenvelope\ntype: goal.added\nat: '2024-11-19T11:00:00+09:00'\n"
                       + "author:\n  name: A\n  email: a@b\nclock: 3\nundoes: '../../HEAD'\ndata:\n  title: x\n  week: 2024-W47\n")
        let store = try repo.store()
        var reported: [Diagnostic] = []
        store.onDiagnostic = { reported.append($0) }
        XCTAssertEqual(try store.state().goals.values.map(\.title), ["fine"])
        let problem = try XCTUnwrap(reported.first)
        XCTAssertTrue(problem.message.contains("'undoes'"), problem.message)
        XCTAssertEqual(problem.line, 9)
    }
}
