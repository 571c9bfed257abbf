import Foundation
import XCTest

/// `site` and `wiki export` killed at any moment leave no temporary file in the output folder
/// (which may be published or committed before anyone looks): every page is staged in a
/// sibling folder, and what a killed run left there is swept by the next run.
final class KilledExportTests: XCTestCase {
    func testKilledSiteAndWikiExportsLeaveNothingInTheOutputFolder() throws {
        let team = try Workspace()
        // 150 weeks of goals: a page and a chart each, so a kill lands while files are staged.
        let stream = goalStream(count: 150, tag: "kill").split(separator: "\n", omittingEmptySubsequences: false).reduce(into: (text: "", week: 0)) { acc, line in
            if line.hasPrefix("  week: ") {
                acc.text += String(format: "  week: %d-W%02d\n", 2022 + acc.week / 50, acc.week % 50 + 1)
                acc.week += 1
            } else {
                acc.text += line + "\n"
            }
        }.text
        let imported = try team.teamflow("import", "-", stdin: stream)
        XCTAssertEqual(imported.code, 0, imported.stderr)
        for (command, out) in [(["site", "--out", "public"], "public"), (["wiki", "export", "--out", "wiki"], "wiki")] {
            // Delays spread over the run's length (it takes ~0.1-0.5 s here), so kills land
            // before, during and after the staging.
            for delay in stride(from: 0.02, through: 0.5, by: 0.04) {
                let (process, _, _) = try CLI.start(command, in: team.path)
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                XCTAssertEqual(hidden(in: team.path + "/" + out), [], "\(command) killed after \(delay) s")
            }
            // And exactly at the two worst moments: all staged, and half moved into place.
            for fault in ["output-staged", "output-moving"] {
                // From an empty folder, so this run has every page to write.
                try FileManager.default.removeItem(atPath: team.path + "/" + out)
                let killed = try CLI.run(command, in: team.path, environment: ["TEAMFLOW_TEST_FAULT": fault])
                XCTAssertNotEqual(killed.code, 0, "\(command) with \(fault) was killed")
                XCTAssertEqual(hidden(in: team.path + "/" + out), [], "\(command) killed at \(fault)")
            }
            let finished = try CLI.run(command, in: team.path)
            XCTAssertEqual(finished.code, 0, finished.stderr)
            XCTAssertEqual(hidden(in: team.path + "/" + out), [])
            let staging = try FileManager.default.contentsOfDirectory(atPath: team.path).filter { $0.contains("teamflow-staging") }
            XCTAssertEqual(staging, [], "a finished run removed every staging folder a killed one left")
        }
    }

    /// Files and folders below `folder` that are hidden or teamflow's temporaries, but the writer's manifest.
    private func hidden(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            let name = (path as NSString).lastPathComponent
            return (name.hasPrefix(".") || name.contains("teamflow")) && !name.hasPrefix(".teamflow-site-manifest") && !name.hasPrefix(".teamflow-wiki-manifest")
        }
    }
}
