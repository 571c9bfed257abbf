import Foundation
import XCTest

/// `teamflow site` end to end: pages written into a shared folder, owned files only,
/// deterministic bytes, a symbolic link refused.
final class SiteCLITests: XCTestCase {
    func testSiteWritesTheDashboardAndOwnsOnlyItsFiles() throws {
        let w = try Workspace()
        try w.teamflow("init", "--team", "BeStory")
        try w.teamflow("member", "add", "건우")
        try w.teamflow("goal", "add", "배포 꼭 하기")
        try w.teamflow("task", "add", "DI <script>", "--member", "건우")
        try w.teamflow("review", "add", "--pr", "7", "--title", "Fix cache")
        try w.teamflow("wiki", "save", "팀 규칙", stdin: "- 리뷰 **필수**\n")
        let out = w.path + "/public"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: out + "/CNAME"))
        let first = try w.teamflow("site", "--out", "public", "--lang", "ko")
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Wrote the site to "), first.stdout)
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        XCTAssertEqual(names.filter { !$0.hasPrefix("page-") },
                       [".teamflow-site-manifest", "CNAME", "charts", "index.html", "review-7.html", "style.css", "week-2024-W47.html"])
        XCTAssertEqual(names.filter { $0.hasPrefix("page-") }.count, 1)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("<html lang=\"ko\">") && index.contains("DI &lt;script&gt;") && index.contains("0/1 (0%)"), index)
        let bytes = try filesUnder(out)
        XCTAssertNotNil(bytes["charts/velocity.svg"], "the velocity chart is drawn")

        let second = try w.teamflow("site", "--out", "public", "--lang", "ko", "--json")
        XCTAssertEqual(second.code, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains(#""written": []"#), second.stdout)
        XCTAssertEqual(try filesUnder(out), bytes, "byte-identical")
        XCTAssertEqual(try String(contentsOfFile: out + "/CNAME", encoding: .utf8), "keep me")

        try FileManager.default.removeItem(atPath: out + "/style.css")
        try FileManager.default.createSymbolicLink(atPath: out + "/style.css", withDestinationPath: w.path + "/elsewhere.css")
        let refused = try w.teamflow("site", "--out", "public")
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("error: ") && refused.stderr.contains("symbolic link"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/elsewhere.css"))
        XCTAssertEqual(try w.teamflow("site", "--lang", "fr").code, 64)
    }
}
