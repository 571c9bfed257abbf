import Foundation
import TeamflowKit
import XCTest

/// The facade as a client program sees it (only `import TeamflowKit`): open a repository with a
/// fixed clock, write, read the week board, export, and the errors a client gets.
final class TeamTests: XCTestCase {
    /// Monday of 2024-W47, 09:00 in Seoul.
    static let monday = Date(timeIntervalSince1970: 1_731_888_000)
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone.current
    static let author = Author(name: "건우", email: "geonwoo@example.com")

    var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// A fresh folder; with `gitInit`, a git repository whose own config names a user.
    func folder(gitInit: Bool = true) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teamflowkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        if gitInit {
            try git(["init", "-q"], in: url)
            try git(["config", "user.name", "Config Name"], in: url)
            try git(["config", "user.email", "config@example.com"], in: url)
        }
        return url
    }

    func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    func testAGoalAndACheckedTaskShowOnTheWeekBoard() throws {
        let team = try Team.open(at: try folder(), clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        XCTAssertEqual(team.session().currentWeek.description, "2024-W47")
        try team.members.add(name: "건우", handle: "geonwoo")
        let goal = try team.goals.add(title: "에픽 1, 2 빠르게 완성")
        let task = try team.tasks.add(title: "DI", .init(member: "geonwoo"))
        let open = try team.tasks.add(title: "화면간 연결", .init(member: "건우"))
        let checked = try team.tasks.check(task.id)
        XCTAssertTrue(checked.done)

        let board = try team.week()
        XCTAssertEqual(board.week.description, "2024-W47")
        XCTAssertEqual(board.goals.map(\.id), [goal.id])
        XCTAssertEqual(board.doneCount, 0)
        XCTAssertEqual(board.members.count, 1)
        XCTAssertEqual(board.members.first?.member.name, "건우")
        XCTAssertEqual(board.members.first?.done, 1)
        XCTAssertEqual(board.members.first?.total, 2)
        XCTAssertEqual(Set(board.allTaskNodes.map(\.task.id)), [task.id, open.id])
        XCTAssertEqual(try team.week(ISOWeek(containing: team.session().today)), board, "both ways name the same week")
        XCTAssertEqual(try team.week("2024-W46").allTaskNodes.count, 0, "last week is empty")
    }

    func testEveryWriteIsACommitByTheAuthorAtTheClocksTime() throws {
        let team = try Team.open(at: try folder(), clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        try team.goals.add(title: "배포")
        let events = try team.store.events()
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.author, Self.author)
        XCTAssertEqual(events.first?.at, "2024-11-18T09:00:00+09:00")
        XCTAssertEqual(try team.state().eventCount, 1)
    }

    func testWithoutAnAuthorTheRepositorysGitConfigWrites() throws {
        let team = try Team.open(at: try folder(), clock: .fixed(Self.monday), timeZone: Self.seoul)
        XCTAssertEqual(team.author, Author(name: "Config Name", email: "config@example.com"))
    }

    func testTheEnvironmentIsReadAsTheCommandLineReadsIt() throws {
        let environment = TeamEnvironment.current(from: [
            "TEAMFLOW_NOW": "2024-11-18T09:00:00+09:00", "TZ": "Asia/Seoul", "TEAMFLOW_AUTHOR": "Env <env@example.com>",
            "UNRELATED": "x",
        ])
        XCTAssertEqual(environment, TeamEnvironment(now: "2024-11-18T09:00:00+09:00", tz: "Asia/Seoul", author: "Env <env@example.com>"))
        let team = try Team.open(at: try folder(), environment: environment)
        XCTAssertEqual(team.clock.now(), Self.monday)
        XCTAssertEqual(team.timeZone.identifier, "Asia/Seoul")
        XCTAssertEqual(team.author, Author(name: "Env", email: "env@example.com"))
        let session = try environment.session(for: team.store, wallClock: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(session.now, Self.monday, "TEAMFLOW_NOW wins over the wall clock")
        XCTAssertEqual(session.author, team.author)
        let explicit = try environment.session(for: team.store, author: Self.author)
        XCTAssertEqual(explicit.author, Self.author, "an explicit author wins over TEAMFLOW_AUTHOR")
    }

    func testMalformedSettingsAreEnvironmentErrors() throws {
        let repository = try folder()
        for environment in [TeamEnvironment(tz: "Mars/Olympus"), TeamEnvironment(now: "yesterday")] {
            XCTAssertThrowsError(try Team.open(at: repository, environment: environment)) { error in
                XCTAssertEqual((error as? TeamflowError)?.kind, .environment, "\(error)")
            }
        }
        XCTAssertThrowsError(try Team.open(at: repository, environment: TeamEnvironment(author: "no brackets"))) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .failure, "\(error)")
        }
    }

    /// Library errors name no command-line option; the code lets a front-end add its own words.
    func testAFolderOutsideARepositoryIsANotARepositoryErrorWithoutCommandLineHints() throws {
        let plain = try folder(gitInit: false)
        XCTAssertThrowsError(try Team.open(at: plain, clock: .system, timeZone: Self.seoul)) { error in
            let error = error as? TeamflowError
            XCTAssertEqual(error?.code, .notARepository)
            XCTAssertEqual(error?.kind, .failure)
            XCTAssertFalse(error?.hints.joined().contains("-C") ?? true, "\(String(describing: error))")
        }
        XCTAssertThrowsError(try Team.open(at: plain.appendingPathComponent("missing"), clock: .system, timeZone: Self.seoul)) { error in
            XCTAssertEqual((error as? TeamflowError)?.kind, .failure)
        }
        let noAuthor = TeamflowError.noAuthor()
        XCTAssertEqual(noAuthor.code, .noAuthor)
        XCTAssertFalse(noAuthor.hints.joined().contains("--author"), noAuthor.description)
    }

    func testTheWikiAndTheSiteAreWrittenFromTheSameHistory() throws {
        let repository = try folder()
        let team = try Team.open(at: repository, clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        try team.initialize(teamName: "BeStory")
        try team.goals.add(title: "배포 꼭 하기")
        let wiki = try team.exportWiki(to: repository.appendingPathComponent("wiki"))
        XCTAssertTrue(wiki.files.contains { $0.name == "Home.md" }, "\(wiki.files.map(\.name))")
        XCTAssertTrue(wiki.files.contains { $0.name == "Week-2024-W47.md" }, "\(wiki.files.map(\.name))")
        let week = try String(contentsOf: repository.appendingPathComponent("wiki/Week-2024-W47.md"), encoding: .utf8)
        XCTAssertTrue(week.contains("배포 꼭 하기"), week)
        XCTAssertTrue(wiki.report.written.contains("Home.md"), "\(wiki.report.written)")
        XCTAssertEqual(try team.exportWiki(to: repository.appendingPathComponent("wiki")).report.written, [],
                       "the same history writes nothing the second time")
        let site = try team.exportSite(to: repository.appendingPathComponent("site"))
        XCTAssertTrue(site.files.contains { $0.path == "index.html" })
        let index = try String(contentsOf: repository.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("BeStory"))
        XCTAssertTrue(index.contains("배포 꼭 하기"))
    }

    func testTheScaffoldingIsReachableWithoutARepository() throws {
        let out = try folder(gitInit: false)
        let planned = try Generator(catalog: try TemplateCatalog()).run(
            template: "viewmodel", name: "Profile", assignments: [], valuesFile: nil, outDir: out, dryRun: true, force: false)
        XCTAssertTrue(planned.contains { $0.path.hasSuffix("ProfileViewModel.swift") }, "\(planned.map(\.path))")
    }

    func testAnExportIntoGitIsRefusedWithACode() throws {
        let repository = try folder()
        let team = try Team.open(at: repository, clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        try team.goals.add(title: "x")
        XCTAssertThrowsError(try team.exportSite(to: repository.appendingPathComponent(".git/site"))) { error in
            let error = error as? TeamflowError
            XCTAssertEqual(error?.code, .outputFolderRefused, "\(String(describing: error))")
            XCTAssertFalse(error?.hints.joined().contains("--out") ?? true)
        }
    }

    func testUndoTakesBackTheLastChange() throws {
        let team = try Team.open(at: try folder(), clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        let goal = try team.goals.add(title: "회고")
        try team.undo()
        XCTAssertEqual(try team.week().goals.map(\.id).contains(goal.id), false)
    }

    func testTheWikiIsPublishedToAWikiRepositoryOnceAndThenUpToDate() throws {
        let wiki = try folder(gitInit: false)
        try git(["init", "-q", "--bare"], in: wiki)
        let team = try Team.open(at: try folder(), clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        _ = try team.goals.add(title: "배포 꼭 하기")
        let first = try team.publishWiki(to: wiki.path, language: .ko)
        XCTAssertTrue(first.changed)
        XCTAssertTrue(first.report.written.contains("Home.md"), "\(first.report.written)")
        let again = try team.publishWiki(to: wiki.path, language: .ko)
        XCTAssertFalse(again.changed, "nothing changed, nothing committed")
    }

    func testSyncMeetsAnotherCloneThroughABareRemote() throws {
        let remote = try folder(gitInit: false)
        try git(["init", "-q", "--bare"], in: remote)
        let first = try folder(), second = try folder()
        for clone in [first, second] { try git(["remote", "add", "origin", remote.path], in: clone) }
        let one = try Team.open(at: first, clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        let goal = try one.goals.add(title: "함께 보기")
        XCTAssertEqual(try one.sync().action, .pushed)
        let two = try Team.open(at: second, clock: .fixed(Self.monday), timeZone: Self.seoul, author: Self.author)
        XCTAssertEqual(try two.sync().action, .adopted)
        XCTAssertEqual(try two.week().goals.map(\.id), [goal.id])
    }
}
