import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
@testable import WikiExport

/// Every exported page parses as CommonMark (markdown-it-py) and every link resolves to a page.
final class CommonMarkValidationTests: XCTestCase {
    /// Parses each page given on the command line; prints one line per problem.
    static let checker = #"""
    import os, sys
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark")
    folder = sys.argv[1]
    pages = {n for n in os.listdir(folder) if n.endswith(".md")}
    def walk(tokens, name):
        for t in tokens:
            if t.type == "link_open":
                href = t.attrGet("href") or ""
                if href.startswith(("http://", "https://")):
                    continue
                from urllib.parse import unquote
                if unquote(href) + ".md" not in pages:
                    print(f"{name}: link {href!r} does not resolve")
            if t.children:
                walk(t.children, name)
    for name in sorted(pages):
        text = open(os.path.join(folder, name), encoding="utf-8").read()
        tokens = md.parse(text)
        if not any(t.type == "heading_open" or t.type == "paragraph_open" for t in tokens):
            print(f"{name}: no blocks")
        walk(tokens, name)
        if not text.endswith("\n") or text.endswith("\n\n"):
            print(f"{name}: must end with exactly one newline")
    print(f"checked {len(pages)}")
    """#

    func testEveryPageParsesAndEveryLinkResolves() throws {
        guard Self.run(["python3", "-c", "import markdown_it"]).code == 0 else {
            throw RequiredTool.missing("markdown-it-py is not installed (scripts/bootstrap.sh installs it)")
        }
        for language in WikiLanguage.allCases {
            let folder = try WikiScenario.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let files = try WikiExporter(language: language).render(TeamState.derive(from: WikiScenario.events()))
            _ = try WikiWriter.write(files, to: folder)
            let result = Self.run(["python3", "-c", Self.checker, folder])
            XCTAssertEqual(result.code, 0, result.output)
            XCTAssertEqual(result.output, "checked \(files.count)\n", "\(language): \(result.output)")
        }
    }

    /// Runs a program, both output streams together (also used by HostileTitleTests).
    static func run(_ arguments: [String]) -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
