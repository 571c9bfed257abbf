import Foundation
import XCTest

/// Events no teamflow command writes, arriving as another build would write them (planted on
/// the ref with plain git): carries back in time or off the calendar. Then the same inputs
/// typed, which are refused.
final class HostileEventsCLITests: XCTestCase {
    // MARK: Carries

    /// Each hostile carry (planted as one or two events) is ignored by the fold: the task stays
    /// on its board; `doctor` names every such event by its path and exits 1.
    func testHostileCarriesLeaveTheTaskOnItsBoardAndDoctorNamesThem() throws {
        let cases: [(name: String, carries: [(from: String, to: String)])] = [
            ("backwards", [("2024-W47", "2024-W46")]),
            ("far future", [("2024-W47", "2999-W01")]),
            ("off the calendar and round", [("2024-W47", "9999-W52"), ("9999-W52", "0001-W01")]),
        ]
        for (name, carries) in cases {
            let ws = try Workspace()
            let task = ws.id(from: try ws.teamflow("--json", "task", "add", "화면간 연결", "--week", "2024-W47"))
            var paths: [String] = []
            for (index, carry) in carries.enumerated() {
                let id = String(repeating: "c\(index)", count: 12)
                paths.append(try plant(ws, id: id, type: "task.carried", clock: 10 + index,
                                       data: "  from: '\(carry.from)'\n  to: '\(carry.to)'\n  tasks:\n  - \(task)\n"))
            }
            let board = try weekTasks(ws, "2024-W47")
            XCTAssertEqual(board.map { $0["title"] as? String }, ["화면간 연결"], name)
            XCTAssertTrue(board.first?["carriedTo"] is NSNull, "\(name): \(board)")
            for week in carries.map(\.to) where week != "9999-W52" {
                XCTAssertEqual(try weekTasks(ws, week).count, 0, "\(name): nothing in \(week)")
            }
            let doctor = try ws.teamflow("doctor")
            XCTAssertEqual(doctor.code, 1, "\(name): \(doctor.stdout)")
            for path in paths {
                XCTAssertTrue(doctor.stdout.contains("\(path): warning: task.carried:"), "\(name): \(doctor.stdout)")
            }
            XCTAssertTrue(doctor.stderr.contains("problem"), doctor.stderr)
            XCTAssertEqual(try ws.teamflow("task", "check", String(task.prefix(8))).code, 0, "\(name): the task is still reachable")
        }
    }

    /// The same rule lets a carry a command would write through: one week on, or 520.
    func testAValidPlantedCarryStillMovesTheTask() throws {
        for to in ["2024-W48", "2034-W45"] {
            let ws = try Workspace()
            let task = ws.id(from: try ws.teamflow("--json", "task", "add", "화면간 연결", "--week", "2024-W47"))
            _ = try plant(ws, id: String(repeating: "c0", count: 12), type: "task.carried", clock: 10,
                          data: "  from: 2024-W47\n  to: \(to)\n  tasks:\n  - \(task)\n")
            XCTAssertEqual(try weekTasks(ws, to).map { $0["carriedFrom"] as? String }, ["2024-W47"], to)
            XCTAssertEqual(try weekTasks(ws, "2024-W47").map { $0["carriedTo"] as? String }, [to], to)
            let doctor = try ws.teamflow("doctor")
            XCTAssertEqual(doctor.code, 0, "\(to): \(doctor.stdout)")
        }
    }

    /// `week carry` refuses what the fold would ignore, and writes nothing.
    func testWeekCarryRefusesTargetsTheFoldWouldIgnore() throws {
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("task", "add", "화면간 연결", "--week", "2024-W47").code, 0)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let far = try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2034-W46")
        XCTAssertEqual(far.code, 64, far.stderr)
        XCTAssertTrue(far.stderr.contains("521 weeks ahead; a carry goes at most 520 weeks ahead"), far.stderr)
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "9999-W52").code, 64)
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2024-W46").code, 1)
        XCTAssertEqual(try ws.git("rev-parse", "refs/teamflow/events"), tip, "nothing appended")
        XCTAssertEqual(try ws.teamflow("week", "carry", "--from", "2024-W47", "--to", "2034-W45").code, 0, "520 weeks is allowed")
    }

    // MARK: Helpers

    /// The tasks of a week's board, all members' and the unassigned.
    private func weekTasks(_ ws: Workspace, _ week: String) throws -> [[String: Any]] {
        let result = try ws.teamflow("--json", "week", week)
        XCTAssertEqual(result.code, 0, result.stderr)
        let board = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let members = board["members"] as? [[String: Any]] ?? []
        return members.flatMap { $0["tasks"] as? [[String: Any]] ?? [] } + (board["unassigned"] as? [[String: Any]] ?? [])
    }

    /// Writes one event file onto the workspace's ref at its canonical path with plain git, as
    /// another build (or a hand) would; returns the path.
    @discardableResult
    private func plant(_ ws: Workspace, id: String, type: String, clock: Int, data: String) throws -> String {
        let text = "v: 1\nid: \(id)\ntype: \(type)\nat: '2024-11-20T10:00:00+09:00'\nauthor:\n  name: Other\n"
            + "  email: other@example.com\nclock: \(clock)\ndata:\n\(data)"
        let chars = Array(id)
        let path = "events/\(chars[0])/\(String(chars[1...2]))/\(id).yaml"
        let file = ws.path + "/planted"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let blob = try ws.git("hash-object", "-w", "planted")
        try FileManager.default.removeItem(atPath: file)
        let tip = try ws.git("rev-parse", "refs/teamflow/events")
        let env = ["GIT_INDEX_FILE": ws.path + "/.git/plant-index"]
        try Subprocess.git(["read-tree", tip], in: ws.path, environment: env)
        try Subprocess.git(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"], in: ws.path, environment: env)
        let tree = try Subprocess.git(["write-tree"], in: ws.path, environment: env)
        let commit = try ws.git("commit-tree", tree, "-p", tip, "-m", "plant \(type)")
        try ws.git("update-ref", "refs/teamflow/events", commit, tip)
        return path
    }
}
