import Foundation
import XCTest

/// `git config teamflow.lang` is the default of `wiki export`, `wiki publish` and `site`; the
/// flag wins, and a bad value names the key.
final class SettingsCLITests: XCTestCase {
    func testTheTeamsLanguageIsSetOnceInGitConfig() throws {
        let w = try Workspace()
        XCTAssertEqual(try CLI.run(["goal", "add", "배포 꼭 하기"], in: w.path).code, 0)
        _ = try w.git("config", "teamflow.lang", "ko")
        XCTAssertEqual(try CLI.run(["wiki", "export", "--out", "wiki"], in: w.path).code, 0)
        let home = try String(contentsOfFile: w.path + "/wiki/Home.md", encoding: .utf8)
        XCTAssertTrue(home.contains("이번 주"), home)
        XCTAssertEqual(try CLI.run(["site", "--out", "site", "--lang", "en"], in: w.path).code, 0)
        let index = try String(contentsOfFile: w.path + "/site/index.html", encoding: .utf8)
        XCTAssertFalse(index.contains("이번 주"), "--lang wins over the config")
        _ = try w.git("config", "teamflow.lang", "fr")
        let bad = try CLI.run(["site", "--out", "site"], in: w.path)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.stderr.contains("git config teamflow.lang is 'fr'"), bad.stderr)
    }
}
