import Foundation
import TeamflowKit
import XCTest

/// What a team sets once in git config: `teamflow.lang` and `teamflow.zone` give the defaults;
/// a call's own argument (the command line's flag, `TZ`) still wins.
final class TeamSettingsTests: XCTestCase {
    private static let monday = TeamTests.monday, seoul = TeamTests.seoul, author = TeamTests.author
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teamflowkit-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        try git(["init", "-q"], in: url)
        try git(["config", "user.name", "Config Name"], in: url)
        try git(["config", "user.email", "config@example.com"], in: url)
        return url
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    func testTheConfiguredZoneDecidesTheWeekWhenTZIsUnset() throws {
        let url = try folder()
        try git(["config", "teamflow.zone", "Pacific/Kiritimati"], in: url) // UTC+14: Sunday 10:00 UTC is Monday there
        let sunday = TeamEnvironment(now: "2024-11-24T10:00:00Z")
        XCTAssertEqual(try Team.open(at: url, environment: sunday).session().currentWeek.description, "2024-W48")
        var withTZ = sunday
        withTZ.tz = "UTC"
        XCTAssertEqual(try Team.open(at: url, environment: withTZ).session().currentWeek.description, "2024-W47", "TZ wins")
        try git(["config", "teamflow.zone", "Mars/Olympus"], in: url)
        XCTAssertThrowsError(try Team.open(at: url, environment: sunday)) { error in
            XCTAssertTrue((error as? TeamflowError)?.message.contains("teamflow.zone") ?? false, "\(error)")
            XCTAssertEqual((error as? TeamflowError)?.kind, .environment)
        }
    }

    func testTheConfiguredLanguageIsTheExportsDefault() throws {
        let url = try folder()
        try git(["config", "teamflow.lang", "ko"], in: url)
        let team = try Team.open(at: url, clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        try team.goals.add(title: "배포")
        let site = url.appendingPathComponent("site")
        try team.exportSite(to: site)
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("이번 주"), "Korean words from teamflow.lang")
        try team.exportSite(to: site, language: .en)
        XCTAssertFalse(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8).contains("이번 주"),
                       "an explicit language wins")
        try git(["config", "teamflow.lang", "fr"], in: url)
        XCTAssertThrowsError(try team.exportSite(to: site)) { error in
            XCTAssertTrue((error as? TeamflowError)?.message.contains("teamflow.lang is 'fr'") ?? false, "\(error)")
        }
    }
}
