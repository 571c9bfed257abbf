import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// Retrospectives and wiki pages on the in-memory store (reviews from parsed bodies and the
/// weekly-page import are tested in ImportersTests).
final class WikiUseCasesTests: XCTestCase {
    func testRetroEntriesByKindAndWeek() throws {
        let f = Fixture()
        let retros = RetroUseCases(repository: f.repository, session: f.session)
        try retros.add(text: "매일 스크럼", kind: "keep")
        try retros.add(text: "PR이 너무 큼", kind: "PROBLEM", week: "2024-W46")
        assertError(.usage) { try retros.add(text: "x", kind: "maybe") }
        XCTAssertEqual(try retros.list().map(\.kind), ["keep", "problem"])
        XCTAssertEqual(try retros.list(week: "2024-11-12").map(\.text), ["PR이 너무 큼"])
    }

    func testWikiSaveAppendHistoryAndJournalOrder() throws {
        var f = Fixture()
        let wiki = WikiUseCases(repository: f.repository, session: f.session)
        try wiki.save(title: "개발 일지", body: "# 시작\n")
        try wiki.append(title: "개발 일지", text: "Step.2 ...", date: "2021-07-06", by: "Seok")
        f.session.now = f.session.now.addingTimeInterval(60)
        let page = try WikiUseCases(repository: f.repository, session: f.session)
            .append(title: "개발 일지", text: "Step.1 ...", date: "2021-07-05", by: "Seok")
        XCTAssertEqual(page.body, "# 시작\n")
        XCTAssertEqual(page.journal.map(\.day), ["2021-07-05", "2021-07-06"])
        XCTAssertEqual(page.history.map(\.action), ["saved", "appended", "appended"])
        XCTAssertEqual(try wiki.page("개발 일지").id, page.id)
        XCTAssertEqual(try wiki.list().count, 1)
        assertError(.usage) { try wiki.append(title: "개발 일지", text: "") }
        // `yesterday` is a date since dates are read as people type them; `someday` is none.
        assertError(.usage) { try wiki.append(title: "개발 일지", text: "x", date: "someday") }
    }
}
