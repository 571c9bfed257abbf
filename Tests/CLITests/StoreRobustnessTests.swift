import Foundation
import TeamflowTestSupport
import XCTest

/// Faults that must lose nothing: concurrent processes (kills are in WriteFaultTests), and other readers
/// (PyYAML, stock git) reading what teamflow wrote.
final class StoreRobustnessTests: XCTestCase {
    func testConcurrentProcessesAllLandAndFsckStaysClean() throws {
        let ws = try Workspace()
        let writers = 8
        var running: [Process] = []
        for i in 0..<writers {
            let (process, _, _) = try CLI.start(["goal", "add", "동시 \(i)"], in: ws.path)
            running.append(process)
        }
        for process in running {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        let list = try ws.teamflow("goal", "list", "--json")
        let goals = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(goals.compactMap { $0["title"] as? String }), Set((0..<writers).map { "동시 \($0)" }))
        XCTAssertEqual(try ws.git("rev-list", "--count", "refs/teamflow/events"), "\(writers)")
        try ws.git("fsck", "--strict", "--no-dangling")
    }

    func testEveryEventFileLoadsWithPyYAMLSafeLoader() throws {
        // The guard asks Python itself (running the teamflow binary with `-c` proved nothing).
        guard let probe = try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import yaml"], in: "/"), probe.code == 0 else {
            throw RequiredTool.missing("no python3 with PyYAML")
        }
        let ws = try Workspace()
        let titles = [
            "에픽 1, 2 빠르게 완성 후 에픽 3 Task 분류", "배포 꼭 하기 ← 안하면 혼남 🚀", "yes", "no", "null", "~", "0x1F",
            "2024-11-18", "12:30", "1e3", "- dash", "key: value", "hash # here", "---", "...", "'quoted'", "\"dq\"",
            " leading", "trailing ", "tab\there", "multi\nline\ntext", "bell\u{7}", "true", "@at", "`tick", "%pct", "!bang",
        ]
        for title in titles {
            let result = try ws.teamflow("goal", "add", "--", title)
            XCTAssertEqual(result.code, 0, "\(title): \(result.stderr)")
        }
        let dump = ws.path + "/dump"
        try FileManager.default.createDirectory(atPath: dump, withIntermediateDirectories: true)
        let paths = try ws.git("ls-tree", "-r", "--name-only", "refs/teamflow/events").split(separator: "\n")
        XCTAssertEqual(paths.count, titles.count)
        for (index, path) in paths.enumerated() {
            let text = try ws.git("cat-file", "-p", "refs/teamflow/events:\(path)")
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: "\(dump)/\(index).yaml"))
        }
        let script = """
            import glob, json, sys, yaml
            out = []
            for path in sorted(glob.glob(sys.argv[1] + '/*.yaml')):
                doc = yaml.safe_load(open(path, encoding='utf-8'))
                assert isinstance(doc['v'], int) and doc['v'] == 1, path
                assert isinstance(doc['id'], str) and isinstance(doc['type'], str), path
                assert isinstance(doc['at'], str), ('at must stay a string', path)
                assert isinstance(doc['clock'], int) and doc['clock'] >= 1, path
                assert set(doc['author']) == {'name', 'email'}, path
                assert isinstance(doc['data'], dict), path
                out.append(doc['data']['title'])
            print(json.dumps(out))
            """
        let scriptPath = ws.path + "/check.py"
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptPath, dump]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "PyYAML could not read every event file")
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String])
        // Titles are trimmed on input (a title is one line of text); everything else is exact.
        XCTAssertEqual(Set(read), Set(titles.map { $0.trimmingCharacters(in: .whitespaces) }), "PyYAML reads back the exact strings")
    }
}
