import Foundation
import Templates
import XCTest

/// `TemplateFolder`: what a repository's template folder may and may not make teamflow read.
final class TemplateFolderTests: XCTestCase {
    private var base = ""
    private var folder: TemplateFolder { TemplateFolder(root: base + "/repo/templates", boundary: base + "/repo", displayRoot: "templates") }

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "template-folder-" + UUID().uuidString
        try write("Hi {{ name }}", "repo/templates/hi.md")
        try write("[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n", "repo/.git/config")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func write(_ text: String, _ path: String) throws {
        let url = URL(fileURLWithPath: base + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func link(_ path: String, to target: String) throws {
        let full = base + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
    }

    /// The refusal `read(name)` throws, failing the test when it reads or throws something else.
    private func refusal(_ name: String, in folder: TemplateFolder? = nil, file: StaticString = #filePath, line: UInt = #line) -> TemplateFolderError? {
        do {
            let text = try (folder ?? self.folder).read(name)
            XCTFail("read \(name): \(String(describing: text))", file: file, line: line)
        } catch let error as TemplateFolderError {
            XCTAssertFalse(error.description.contains("c2VjcmV0"), "no contents in the message", file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
        return nil
    }

    func testReadsFilesAndReportsMissingOnesAsNil() throws {
        try write("nested", "repo/templates/_p/a/b.md")
        XCTAssertEqual(try folder.read("hi.md"), "Hi {{ name }}")
        XCTAssertEqual(try folder.read("./_p//a/b.md"), "nested")
        XCTAssertNil(try folder.read("none.md"))
        XCTAssertNil(try folder.read("nowhere/none.md"))
        XCTAssertNil(try folder.read("_p"), "a folder is not a template")
        XCTAssertNil(try folder.read("hi.md/x"), "a file on the way is not a folder")
        XCTAssertNil(try TemplateFolder(root: base + "/repo/absent", boundary: base + "/repo").read("hi.md"))
    }

    func testSymlinkToAFileIsRefusedEvenInsideTheFolder() throws {
        try link("repo/templates/cfg.md", to: "../.git/config")
        try link("repo/templates/alias.md", to: "hi.md")
        XCTAssertEqual(refusal("cfg.md")?.description,
                       "templates/cfg.md: refused: a symbolic link (templates are never read through links)")
        XCTAssertEqual(refusal("alias.md")?.reason, .symbolicLink)
    }

    func testSymlinkedFolderOnTheWayIsRefused() throws {
        try link("repo/templates/_p", to: "../.git")
        try link("repo/templates/inner", to: ".")
        let error = refusal("_p/config")
        XCTAssertEqual(error?.path, "templates/_p/config")
        XCTAssertEqual(error?.reason, .throughSymbolicLink(folder: "templates/_p"))
        XCTAssertEqual(refusal("inner/hi.md")?.reason, .throughSymbolicLink(folder: "templates/inner"))
    }

    func testSymlinkToProcAndProcFilesThemselvesAreRefused() throws {
        try link("repo/templates/env.md", to: "/proc/self/environ")
        XCTAssertEqual(refusal("env.md")?.reason, .symbolicLink)
        XCTAssertEqual(refusal("environ", in: TemplateFolder(root: "/proc/self"))?.reason, .notRegularFile(kind: "/proc or /sys file"))
    }

    func testNamesThatLeaveTheFolderAreRefused() throws {
        for name in ["../.git/config", "_p/../../.git/config", "..", "/etc/passwd", "~/x", "", "a/\0b"] {
            XCTAssertEqual(refusal(name)?.reason, .outsideFolder, name)
        }
        XCTAssertEqual(refusal("../x")?.path, "templates/../x")
    }

    func testGitIsNeverReadable() throws {
        try write("[core]\n", "repo/templates/.git/config")
        try write("[core]\n", "repo/templates/sub/.GIT/config")
        XCTAssertEqual(refusal(".git/config")?.description,
                       "templates/.git/config: refused: inside .git (git's own files are never readable by a template)")
        XCTAssertEqual(refusal("sub/.GIT/config")?.reason, .insideGit)
        XCTAssertEqual(refusal(".git")?.reason, .insideGit)
        let intoGit = TemplateFolder(root: base + "/repo/.git", displayRoot: "g")
        XCTAssertEqual(refusal("config", in: intoGit)?.reason, .insideGit, "a folder inside .git is refused as a whole")
    }

    func testRootLinkedOutOfTheBoundaryIsRefusedAndInsideIsFollowed() throws {
        try write("outside", "elsewhere/hi.md")
        try write("shared", "repo/shared/hi.md")
        let outside = TemplateFolder(root: base + "/repo/out", boundary: base + "/repo", displayRoot: "out")
        try link("repo/out", to: "../elsewhere")
        XCTAssertEqual(refusal("hi.md", in: outside)?.path, "out")
        XCTAssertTrue(refusal("hi.md", in: outside)?.description.contains("leads outside the repository") == true)
        try link("repo/in", to: "shared")
        XCTAssertEqual(try TemplateFolder(root: base + "/repo/in", boundary: base + "/repo").read("hi.md"), "shared")
        try link("repo/git", to: ".git")
        XCTAssertEqual(refusal("config", in: TemplateFolder(root: base + "/repo/git", boundary: base + "/repo"))?.reason, .insideGit)
        XCTAssertEqual(try TemplateFolder(root: base + "/repo/out").read("hi.md"), "outside", "no boundary: a folder the user named")
    }

    func testFIFOIsRefusedWithoutWaitingForAWriter() throws {
        XCTAssertEqual(mkfifo(base + "/repo/templates/pipe.md", 0o600), 0)
        XCTAssertEqual(refusal("pipe.md")?.description, "templates/pipe.md: refused: a FIFO, not a regular file")
    }

    func testOversizeAndNonTextFilesAreRefused() throws {
        let limit = TemplateFolder.maximumFileSize
        try Data(repeating: 0x61, count: limit).write(to: URL(fileURLWithPath: base + "/repo/templates/max.md"))
        XCTAssertEqual(try folder.read("max.md")?.utf8.count, limit)
        try Data(repeating: 0x61, count: limit + 1).write(to: URL(fileURLWithPath: base + "/repo/templates/big.md"))
        XCTAssertEqual(refusal("big.md")?.description, "templates/big.md: refused: larger than 4 MiB")
        try Data([0xff, 0xfe, 0x00]).write(to: URL(fileURLWithPath: base + "/repo/templates/bin.md"))
        XCTAssertEqual(refusal("bin.md")?.reason, .notText)
    }

    func testWholeFolderReadsSkipGitAndRefuseLinks() throws {
        try write("name: t\n", "repo/templates/t/template.yaml")
        try write("A", "repo/templates/t/{{ name }}/A.swift")
        try write("[core]\n", "repo/templates/t/.git/config")
        try write("gitdir: ../x\n", "repo/templates/t/sub/.git")
        try write("loose", "repo/templates/README.md")
        try write("x", "repo/templates/.hidden/x")
        XCTAssertEqual(try folder.subfolders(), ["t"])
        XCTAssertEqual(try folder.files(under: "t"), ["template.yaml": "name: t\n", "{{ name }}/A.swift": "A"])
        XCTAssertEqual(try folder.files(under: "absent"), [:])

        try link("repo/templates/t/{{ name }}/B.swift", to: "../../../../.git/config")
        XCTAssertThrowsError(try folder.files(under: "t")) { error in
            XCTAssertEqual((error as? TemplateFolderError)?.path, "templates/t/{{ name }}/B.swift")
            XCTAssertEqual((error as? TemplateFolderError)?.reason, .symbolicLink)
        }
        try link("repo/templates/linked", to: "t")
        XCTAssertThrowsError(try folder.subfolders()) { error in
            XCTAssertEqual((error as? TemplateFolderError)?.path, "templates/linked")
        }
    }

    func testLoaderRefusalReachesTheRenderError() throws {
        try link("repo/templates/cfg.md", to: "../.git/config")
        let environment = TemplateEnvironment(loader: FileSystemLoader(folders: [folder]))
        XCTAssertThrowsError(try environment.render(string: "A\n{% include \"cfg.md\" %}", name: "home.md", context: [:])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("home.md:2:"), text)
            XCTAssertTrue(text.contains("templates/cfg.md: refused: a symbolic link"), text)
            XCTAssertFalse(text.contains("c2VjcmV0"), text)
        }
    }
}
