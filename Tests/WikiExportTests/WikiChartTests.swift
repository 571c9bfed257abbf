import Charts
import Foundation
import TeamflowCore
import XCTest
@testable import WikiExport

/// Charts in the wiki: SVG files under `charts/`, embedded on Home and the
/// week pages; without series the export is unchanged; the files are owned like pages.
final class WikiChartTests: XCTestCase {
    static func stateWithSprint() throws -> TeamState {
        let repository = InMemoryEventRepository(events: try WikiScenario.events())
        try SprintUseCases(repository: repository, session: WikiScenario.session("2024-11-19T10:00:00+09:00"))
            .add(name: "Sprint 3 (편집)", from: "2024-11-18", to: "2024-11-29")
        return try repository.state()
    }

    static func charts(_ state: TeamState) -> WikiCharts {
        let velocity = VelocitySeries(periods: [.init(label: "2024-W46", done: 2), .init(label: "2024-W47", done: 1)])
        let week = BurndownSeries(total: 3, days: [("2024-11-18", 3, true), ("2024-11-19", 2, true), ("2024-11-20", nil, true)],
                                  today: "2024-11-19")
        var sprints: [Sprint.ID: BurndownSeries] = [:]
        for sprint in state.liveSprints { sprints[sprint.id] = week }
        return WikiCharts(velocity: velocity, sprintBurndowns: sprints, weekBurndowns: [ISOWeek(year: 2024, week: 47): week])
    }

    func testNoChartsGiveExactlyTheWikiWithoutCharts() throws {
        let state = try Self.stateWithSprint()
        XCTAssertEqual(try WikiExporter().render(state, charts: .none), try WikiExporter().render(state))
        XCTAssertFalse(try WikiExporter().render(state).contains { $0.name.hasPrefix("charts/") })
    }

    func testChartsAreWrittenAndEmbeddedOnHomeAndWeekPages() throws {
        let state = try Self.stateWithSprint()
        let files = try WikiExporter().render(state, charts: Self.charts(state))
        let charts = files.map(\.name).filter { $0.hasPrefix("charts/") }
        XCTAssertEqual(charts, ["charts/burndown-2024-W47.svg", "charts/burndown-Sprint-3-편집.svg", "charts/velocity.svg"])
        let home = try XCTUnwrap(files.first { $0.name == "Home.md" }?.contents)
        XCTAssertTrue(home.hasPrefix("# Team\n\n![Done per week](charts/velocity.svg)\n![Open items at each day's end: Sprint 3 (편집)](charts/burndown-Sprint-3-편집.svg)\n\n"), home)
        let week = try XCTUnwrap(files.first { $0.name == "Week-2024-W47.md" }?.contents)
        XCTAssertTrue(week.contains("\n\n![Open items at each day's end: 2024-W47](charts/burndown-2024-W47.svg)\n![Open items at each day's end: Sprint 3 (편집)](charts/burndown-Sprint-3-편집.svg)\n\n"), week)
        let older = try XCTUnwrap(files.first { $0.name == "Week-2024-W46.md" }?.contents)
        XCTAssertFalse(older.contains("charts/"), "a week without a series and outside the sprint has no chart")
        // Every embedded chart is a written file, and the pages apart from the images are unchanged.
        let plain = try WikiExporter().render(state)
        for page in plain {
            let charted = try XCTUnwrap(files.first { $0.name == page.name }?.contents)
            let withoutImages = charted.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("![") }
            XCTAssertEqual(withoutImages.joined(separator: "\n").replacingOccurrences(of: "\n\n\n", with: "\n\n"), page.contents, page.name)
        }
        XCTAssertEqual(try WikiExporter().render(state, charts: Self.charts(state)), files, "deterministic")
        XCTAssertTrue(try XCTUnwrap(files.first { $0.name == "charts/velocity.svg" }).contents.hasPrefix("<svg"))
    }

    func testChartFilesAreOwnedLikePagesAndNeverWrittenThroughALink() throws {
        let state = try Self.stateWithSprint()
        let folder = try WikiScenario.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let charted = try WikiExporter().render(state, charts: Self.charts(state))
        let report = try WikiWriter.write(charted, to: folder)
        XCTAssertTrue(report.written.contains("charts/velocity.svg"), "\(report)")
        let manifest = try String(contentsOfFile: folder + "/" + WikiWriter.manifestName, encoding: .utf8)
        XCTAssertTrue(manifest.contains("\ncharts/velocity.svg\n"), manifest)
        XCTAssertEqual(WikiWriter.readManifest(in: folder).filter { $0.hasPrefix("charts/") }.count, 3)
        XCTAssertEqual(try WikiWriter.write(charted, to: folder).written, [])

        try "mine".write(toFile: folder + "/charts/hand-made.svg", atomically: true, encoding: .utf8)
        let plain = try WikiWriter.write(try WikiExporter().render(state), to: folder)
        XCTAssertEqual(plain.removed, ["charts/burndown-2024-W47.svg", "charts/burndown-Sprint-3-편집.svg", "charts/velocity.svg"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/charts"), ["hand-made.svg"])

        let outside = try WikiScenario.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.removeItem(atPath: folder + "/charts")
        try FileManager.default.createSymbolicLink(atPath: folder + "/charts", withDestinationPath: outside)
        XCTAssertThrowsError(try WikiWriter.write(charted, to: folder)) { error in
            XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
        XCTAssertTrue(WikiWriter.isChartName("charts/velocity.svg"))
        for name in ["charts/../x.svg", "charts/.x.svg", "charts/a/b.svg", "other/x.svg", "charts/x.md"] {
            XCTAssertFalse(WikiWriter.isChartName(name), name)
        }
    }
}
