import Foundation
import XCTest

/// `generate`, `templates list` and `template render` with hostile repository templates: a
/// template file, partial or manifest that is a symlink is refused with exit 1, naming the file
/// and the reason; nothing is written and no secret is printed.
final class GenerateTemplateSymlinkTests: XCTestCase {
    private let folder = ".teamflow/templates/leak"
    private let manifest = "name: leak\ndescription: a teammate's template\nvariables:\n  - name: name\n    required: true\n"

    func testSymlinkedTemplateFileIsRefused() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.write(manifest, "\(folder)/template.yaml", in: w)
        try HostileTemplates.link("\(folder)/{{ name }}.txt", to: "../../../.git/config", in: w)
        try HostileTemplates.commit(w)
        let result = try w.teamflow("generate", "leak", "X", "--out", "out")
        HostileTemplates.assertRefused(result, naming: "\(folder)/{{ name }}.txt", because: "a symbolic link", out: w.path + "/out")
        let builtIn = try w.teamflow("generate", "viewmodel", "Profile", "--out", "out")
        HostileTemplates.assertRefused(builtIn, naming: "\(folder)/{{ name }}.txt", because: "a symbolic link", out: w.path + "/out")
        HostileTemplates.assertRefused(try w.teamflow("templates", "list"), naming: "\(folder)/{{ name }}.txt", because: "a symbolic link", out: nil)
    }

    func testSymlinkedPartialIsRefused() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.write(manifest, "\(folder)/template.yaml", in: w)
        try HostileTemplates.write("{% include \"_p/cfg\" %}\n", "\(folder)/{{ name }}.txt", in: w)
        try HostileTemplates.link("\(folder)/_p/cfg", to: "/proc/self/environ", in: w)
        let result = try w.teamflow("generate", "leak", "X", "--out", "out",
                                    environment: ["DEPLOY_TOKEN": HostileTemplates.environmentSecret])
        HostileTemplates.assertRefused(result, naming: "\(folder)/_p/cfg", because: "a symbolic link", out: w.path + "/out")
    }

    func testSymlinkedManifestIsRefused() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.link("\(folder)/template.yaml", to: "../../../.git/config", in: w)
        try HostileTemplates.write("x\n", "\(folder)/{{ name }}.txt", in: w)
        let result = try w.teamflow("generate", "leak", "X", "--out", "out")
        HostileTemplates.assertRefused(result, naming: "\(folder)/template.yaml", because: "a symbolic link", out: w.path + "/out")
    }

    func testTemplatesFolderLinkedOutOfTheRepositoryIsRefused() throws {
        let w = try HostileTemplates.repository()
        let elsewhere = try Workspace(gitInit: false)
        try HostileTemplates.write(manifest, "leak/template.yaml", in: elsewhere)
        try HostileTemplates.write(HostileTemplates.secrets[1], "leak/{{ name }}.txt", in: elsewhere)
        try HostileTemplates.link(".teamflow/templates", to: elsewhere.path, in: w)
        let result = try w.teamflow("generate", "leak", "X", "--out", "out")
        HostileTemplates.assertRefused(result, naming: ".teamflow/templates", because: "outside the repository", out: w.path + "/out")
    }

    func testTemplatesFolderLinkedInsideTheRepositoryStillWorks() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.write(manifest.replacingOccurrences(of: "name: leak", with: "name: shared"), "tools/templates/shared/template.yaml", in: w)
        try HostileTemplates.write("Hello {{ name }}\n", "tools/templates/shared/{{ name }}.txt", in: w)
        try HostileTemplates.link(".teamflow/templates", to: "../tools/templates", in: w)
        let result = try w.teamflow("generate", "shared", "X", "--out", "out")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: w.path + "/out/X.txt", encoding: .utf8), "Hello X\n")
    }

    func testLinkedDefaultGraphManifestIsRefused() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.link(".teamflow/graph.yaml", to: "../.git/config", in: w)
        let result = try w.teamflow("generate", "graph", "--out", "out")
        HostileTemplates.assertRefused(result, naming: ".teamflow/graph.yaml", because: "a symbolic link", out: w.path + "/out")
    }

    func testRenderSearchPathRefusesALinkedPartial() throws {
        let w = try HostileTemplates.repository()
        try HostileTemplates.write("{% include \"cfg\" %}", "main.stencil", in: w)
        try HostileTemplates.link("parts/cfg", to: "../.git/config", in: w)
        let result = try w.teamflow("template", "render", "main.stencil", "--search-path", "parts")
        XCTAssertEqual(result.code, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("parts/cfg: refused: a symbolic link"), result.stderr)
        HostileTemplates.assertNoLeak(result, folder: nil)
        // The folder next to FILE is searched too, and its .git is never readable.
        try HostileTemplates.write("{% include \".git/config\" %}", "git.stencil", in: w)
        let gitFile = try w.teamflow("template", "render", "git.stencil")
        XCTAssertEqual(gitFile.code, 1, gitFile.stdout)
        XCTAssertTrue(gitFile.stderr.contains(".git/config: refused: inside .git"), gitFile.stderr)
        HostileTemplates.assertNoLeak(gitFile, folder: nil)
    }
}
