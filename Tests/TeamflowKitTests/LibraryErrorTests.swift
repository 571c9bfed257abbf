import Foundation
import TeamflowKit
import XCTest

/// A client's errors: each domain failure carries its `Reason` with the context a front-end
/// needs, and no message or hint names a `teamflow` command or one of its flags (those are the
/// command line's words, added by the executable).
final class LibraryErrorTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    private func team() throws -> Team {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teamflowkit-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["init", "-q"]
        process.currentDirectoryURL = url
        try process.run()
        process.waitUntilExit()
        return try Team.open(at: url, clock: .fixed(TeamTests.monday), timeZone: TeamTests.seoul, author: TeamTests.author)
    }

    /// The error `body` throws, as a `TeamflowError`.
    private func failure(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> TeamflowError? {
        do {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch let error as TeamflowError {
            return error
        } catch {
            XCTFail("not a TeamflowError: \(error)", file: file, line: line)
        }
        return nil
    }

    /// `teamflow task list`, `` `teamflow undo` ``, `--title`: a front-end's words.
    private func namesTheCommandLine(_ text: String) -> Bool {
        text.range(of: #"teamflow (init|goal|member|project|epic|task|week|standup|sprint|stats|review|retro|wiki|site|sync|undo|log|doctor|export|import|generate|templates?|man|completion|serve)\b"#,
                   options: .regularExpression) != nil
            || text.range(of: #"(^|[\s(`])--[a-z]"#, options: .regularExpression) != nil
    }

    func testDomainFailuresCarryTheirReasonAndNoCommandLineWords() throws {
        let team = try team()
        let a = try team.tasks.add(title: "방 생성 API")
        _ = try team.tasks.add(title: "방 생성 UI")
        _ = try team.tasks.add(title: "중복")
        _ = try team.tasks.add(title: "중복")
        _ = try team.members.add(name: "김민수", handle: "minsu")
        let cases: [(String, () throws -> Void, (TeamflowError.Reason?) -> Bool)] = [
            ("not found", { _ = try team.tasks.check("방 생셩 API") }, {
                if case .notFound(.task, "방 생셩 API", let nearest)? = $0 { return nearest.map(\.id) == [a.id.rawValue] } else { return false }
            }),
            ("ambiguous", { _ = try team.tasks.check("중복") }, {
                if case .ambiguous(.task, _, let candidates)? = $0 { return candidates.count == 2 } else { return false }
            }),
            ("id too short", { _ = try team.undo("ab") }, { $0 == .idTooShort(.event, text: "ab") }),
            ("empty title", { _ = try team.tasks.add(title: "  ") }, { $0 == .invalidText(.title, of: .task) }),
            ("nothing to change", { _ = try team.tasks.edit(a.id, .init()) }, {
                $0 == .nothingToChange([.title, .week, .due, .epic, .parent, .sprint, .noSprint, .points, .label])
            }),
            ("duplicate", { _ = try team.members.add(name: "MINSU") }, { $0 == .duplicate(.member, name: "MINSU") }),
            ("bad handle", { _ = try team.members.add(name: "석영", handle: "two words") }, { $0 == .invalidValue(.handle, text: "two words") }),
            ("sprint order", { _ = try team.sprints.add(name: "S1", from: "2024-11-29", to: "2024-11-18") }, {
                $0 == .invalidValue(.to, text: "2024-11-18")
            }),
            ("carry order", { _ = try team.weeks.carry(from: "2024-W48", to: "2024-W47") }, {
                $0 == .carryBackwards(from: "2024-W48", to: "2024-W47")
            }),
            ("removed twice", { try team.tasks.remove([a.id.rawValue]); try team.tasks.remove([a.id.rawValue]) }, {
                $0 == .alreadyRemoved(.task, id: a.id.rawValue, label: "방 생성 API")
            }),
        ]
        for (name, body, expected) in cases {
            guard let error = failure(body) else { XCTFail(name); continue }
            XCTAssertTrue(expected(error.reason), "\(name): \(String(describing: error.reason))")
            for text in [error.message] + error.hints {
                XCTAssertFalse(namesTheCommandLine(text), "\(name): '\(text)'")
            }
        }
        let fresh = try self.team()
        let nothing = failure { _ = try fresh.undo() }
        XCTAssertEqual(nothing?.reason, .nothingToUndo)
        XCTAssertEqual(nothing?.hints, [])
    }

    /// The check above can fail: a hint that names a command or a flag is caught.
    func testTheCommandLineWordCheckCatchesCommandsAndFlags() {
        XCTAssertTrue(namesTheCommandLine("See `teamflow task list` for names and ids."))
        XCTAssertTrue(namesTheCommandLine("Give --title, --week or --due."))
        XCTAssertTrue(namesTheCommandLine("missing --pr N"))
        XCTAssertFalse(namesTheCommandLine("no task '방 생셩' — nearest matches:"))
        XCTAssertFalse(namesTheCommandLine("teamflow keeps strings, integers, booleans and null"))
    }
}
