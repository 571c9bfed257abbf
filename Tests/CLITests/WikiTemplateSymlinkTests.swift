import Foundation
import XCTest

/// `wiki export` / `wiki publish` with hostile repository layouts: a layout or partial that is a
/// symlink (to `.git/config`, to /proc) fails the whole export with exit 1, naming the file and
/// the reason, and nothing is written or pushed.
final class WikiTemplateSymlinkTests: XCTestCase {
    private let wiki = ".teamflow/templates/wiki"

    /// A repository with one goal and a `home.md` that includes `partial`.
    private func repository(including partial: String) throws -> Workspace {
        let w = try HostileTemplates.repository()
        XCTAssertEqual(try w.teamflow("goal", "add", "배포").code, 0)
        try HostileTemplates.write("# Home\n{% include \"\(partial)\" %}\n", "\(wiki)/home.md", in: w)
        return w
    }

    func testSymlinkedPartialToGitConfigFailsTheExport() throws {
        let w = try repository(including: "_p/cfg.md")
        try HostileTemplates.link("\(wiki)/_p/cfg.md", to: "../../../../.git/config", in: w)
        try HostileTemplates.commit(w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(result, naming: "\(wiki)/_p/cfg.md", because: "a symbolic link", out: w.path + "/wiki")
    }

    func testSymlinkedPartialToProcEnvironFailsTheExport() throws {
        let w = try repository(including: "_p/env.md")
        try HostileTemplates.link("\(wiki)/_p/env.md", to: "/proc/self/environ", in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki",
                                    environment: ["DEPLOY_TOKEN": HostileTemplates.environmentSecret])
        HostileTemplates.assertRefused(result, naming: "\(wiki)/_p/env.md", because: "a symbolic link", out: w.path + "/wiki")
    }

    func testSymlinkedFolderOnTheWayFailsTheExport() throws {
        let w = try repository(including: "_p/config")
        try HostileTemplates.link("\(wiki)/_p", to: "../../../.git", in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(result, naming: "\(wiki)/_p/config", because: "symbolic link", out: w.path + "/wiki")
    }

    func testSymlinkedLayoutFailsTheExport() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.link("\(wiki)/home.md", to: "../../../.git/config", in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(result, naming: "\(wiki)/home.md", because: "a symbolic link", out: w.path + "/wiki")
    }

    func testIncludingGitFilesIsRefusedWithoutAnyLink() throws {
        // A nested repository inside the layouts folder: its .git is still never readable.
        let w = try repository(including: ".git/config")
        try HostileTemplates.write("[http]\n\textraheader = AUTHORIZATION: basic \(HostileTemplates.secrets[0])\n", "\(wiki)/.git/config", in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(result, naming: "\(wiki)/.git/config", because: "inside .git", out: w.path + "/wiki")

        try HostileTemplates.write("{% include \"../../../.git/config\" %}\n", "\(wiki)/home.md", in: w)
        let climbing = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(climbing, naming: "\(wiki)/../../../.git/config", because: "outside the template folder", out: w.path + "/wiki")
    }

    func testLayoutFolderLinkedOutOfTheRepositoryIsRefused() throws {
        let w = try HostileTemplates.repository()
        let elsewhere = try Workspace(gitInit: false)
        try HostileTemplates.write("{% include \"creds\" %}\n", "home.md", in: elsewhere)
        try HostileTemplates.write(HostileTemplates.secrets[1], "creds", in: elsewhere)
        try HostileTemplates.link(wiki, to: elsewhere.path, in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        HostileTemplates.assertRefused(result, naming: wiki, because: "outside the repository", out: w.path + "/wiki")
    }

    func testLayoutFolderLinkedInsideTheRepositoryStillWorks() throws {
        let w = try HostileTemplates.repository()
        XCTAssertEqual(try w.teamflow("goal", "add", "배포").code, 0)
        try HostileTemplates.write("# {{ week.name }} shared\n", "docs/wiki-layouts/week.md", in: w)
        try HostileTemplates.link(wiki, to: "../../docs/wiki-layouts", in: w)
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: w.path + "/wiki/Week-2024-W47.md", encoding: .utf8), "# 2024-W47 shared\n\n![Open items at each day's end: 2024-W47](charts/burndown-2024-W47.svg)\n")
    }

    func testPublishPushesNothingWhenAPartialIsALink() throws {
        let bare = try Workspace(gitInit: false)
        try runGit(["init", "-q", "--bare", bare.path], in: bare.path)
        let w = try repository(including: "_p/cfg.md")
        try HostileTemplates.link("\(wiki)/_p/cfg.md", to: "../../../../.git/config", in: w)
        try HostileTemplates.commit(w)
        let result = try w.teamflow("wiki", "publish", bare.path)
        XCTAssertEqual(result.code, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("\(wiki)/_p/cfg.md: refused: a symbolic link"), result.stderr)
        HostileTemplates.assertNoLeak(result, folder: nil)
        XCTAssertEqual(try runGit(["for-each-ref"], in: bare.path), "", "nothing was pushed")
    }
}
