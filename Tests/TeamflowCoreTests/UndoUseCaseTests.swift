import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

final class UndoUseCaseTests: XCTestCase {
    func testUndoWalksBackThroughMyChanges() throws {
        let f = Fixture()
        try f.members.add(name: "민수")
        let task = try f.tasks.add(title: "일", .init(member: "민수"))
        try f.tasks.start(task.id.rawValue)
        try f.tasks.edit(task.id.rawValue, .init(title: "새 일"))
        try f.undo.undo()
        XCTAssertEqual(try f.state().tasks[task.id]?.title, "일")
        try f.undo.undo()
        XCTAssertEqual(try f.state().tasks[task.id]?.status, .todo)
        try f.undo.undo()
        XCTAssertEqual(try f.tasks.list().count, 0, "undoing the add removes the task")
        let count = try f.eventCount()
        XCTAssertEqual(try f.repository.events().filter { $0.undoes != nil }.count, 3)
        try f.undo.undo()
        XCTAssertTrue(try f.state().liveMembers.isEmpty)
        assertError(.notFound) { try f.undo.undo() } // team.initialized-free history: nothing left
        XCTAssertEqual(try f.eventCount(), count + 1)
    }

    func testUndoOnlyTakesTheCallersChangesAndRestoresRemovals() throws {
        let kim = Fixture()
        let project = try kim.projects.add(name: "앱")
        let epic = try kim.epics.add(title: "E", project: "앱")
        try kim.projects.remove("앱", force: true)
        let lee = Fixture.sharing(kim.repository, author: Author(name: "Lee", email: "lee@example.com"))
        assertError(.notFound) { try lee.undo.undo() }
        let outcome = try kim.undo.undo()
        XCTAssertEqual(outcome.written.type, EventType.projectRestored)
        XCTAssertEqual(try kim.state().epics[epic.id]?.project, project.id, "restoring re-attaches detached epics")
        assertError(.conflict) { try kim.undo.undo(outcome.undone.id) }
    }

    func testUndoAssignAndMoveRestorePriorValues() throws {
        let f = Fixture()
        try f.members.add(name: "A")
        try f.members.add(name: "B")
        let task = try f.tasks.add(title: "t")
        try f.tasks.assign(task.id.rawValue, to: "A")
        try f.tasks.assign(task.id.rawValue, to: "B")
        try f.undo.undo()
        XCTAssertEqual(try f.state().members[try f.state().tasks[task.id]?.member ?? ""]?.name, "A")
        try f.undo.undo()
        XCTAssertNil(try f.state().tasks[task.id]?.member)
        let p = try f.projects.add(name: "P", due: "2024-12-01")
        try f.projects.move("P", to: "doing")
        try f.projects.edit("P", due: "none")
        try f.undo.undo()
        try f.undo.undo()
        XCTAssertEqual(try f.state().projects[p.id]?.status, .todo)
        XCTAssertEqual(try f.state().projects[p.id]?.due?.description, "2024-12-01")
    }
}

extension Fixture {
    /// Another author acting on the same store (a teammate).
    static func sharing(_ repository: InMemoryEventRepository, author: Author) -> SharedFixture {
        SharedFixture(repository: repository, session: Fixture(author: author).session)
    }
}

struct SharedFixture {
    let repository: InMemoryEventRepository
    let session: Session
    var undo: UndoUseCase { UndoUseCase(repository: repository, session: session) }
}

/// Undo of the review, retrospective and wiki events.
final class UndoWikiAndReviewTests: XCTestCase {
    /// A plain undo passes over changes no event can take back (before, it picked them and
    /// refused, so nothing earlier could be undone either); `undo ID` still refuses them.
    func testAPlainUndoPassesOverWhatCannotBeUndone() throws {
        let f = Fixture()
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        let review = try reviews.add(.init(pr: 7, title: "r"))
        try reviews.comment(pr: "7", text: "good")
        let comment = try XCTUnwrap(f.repository.events().last)
        let outcome = try f.undo.undo()
        XCTAssertEqual(outcome.undone.id, review.id.rawValue)
        XCTAssertEqual(outcome.written.type, EventType.reviewRemoved)
        assertError(.conflict) { try f.undo.undo(comment.id) }
    }

    func testUndoingAWikiSavePutsTheEarlierBodyBack() throws {
        let f = Fixture()
        let pages = WikiUseCases(repository: f.repository, session: f.session)
        try pages.save(title: "회고", body: "첫 번째")
        try pages.save(title: "회고", body: "두 번째")
        try f.undo.undo()
        XCTAssertEqual(try f.state().wikiPage(named: "회고").body, "첫 번째")
    }
}
