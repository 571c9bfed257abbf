import ArgumentParsing
import XCTest

/// Manual pages from the sample tree: which pages exist, that they carry the help's words,
/// and that text which roff would misread is escaped.
final class ManPageTests: XCTestCase {
    private let pages = SampleTree.parser.manPages(date: "2024-11-19", source: "teamflow 1.2.3")

    private func page(_ name: String) throws -> String {
        try XCTUnwrap(pages.first { $0.name == name }?.text, "no page \(name)")
    }

    func testOnePageForTheToolAndEachVisibleTopLevelCommand() {
        XCTAssertEqual(pages.map(\.name), ["teamflow", "teamflow-goal", "teamflow-task", "teamflow-generate", "teamflow-sprint"])
        XCTAssertEqual(pages.map(\.fileName).first, "teamflow.1")
        XCTAssertEqual(SampleTree.parser.manPage(for: "task", date: "d", source: "s")?.name, "teamflow-task")
        XCTAssertNil(SampleTree.parser.manPage(for: "__complete", date: "d", source: "s"), "hidden commands get no page")
        XCTAssertNil(SampleTree.parser.manPage(for: "nope", date: "d", source: "s"))
    }

    func testTitleLineAndNameSection() throws {
        let text = try page("teamflow-goal")
        XCTAssertTrue(text.hasPrefix(".TH \"TEAMFLOW\\-GOAL\" 1 \"2024\\-11\\-19\" \"teamflow 1.2.3\" \"User Commands\"\n"), text)
        XCTAssertTrue(text.contains(".SH NAME\nteamflow\\-goal \\- Weekly team goals.\n"), text)
        XCTAssertTrue(text.hasSuffix("\n"))
    }

    func testSubcommandsAreSectionsWithTheirOwnOptionsAndExamples() throws {
        let text = try page("teamflow-goal")
        XCTAssertTrue(text.contains(".SS teamflow goal add\n"), text)
        XCTAssertTrue(text.contains(".SS teamflow goal list (default)\n"), text)
        XCTAssertTrue(text.contains("\\fB\\-w\\fR, \\fB\\-\\-week\\fR \\fIW\\fR\nAn ISO week (2024\\-W47) or any date in it; the default is the current week.\n"), text)
        XCTAssertTrue(text.contains("teamflow goal add \"Ship epics 1 and 2\" \\-\\-week 2024\\-W47\n"), text)
        // The globals are described once, in the page's OPTIONS, not under every subcommand.
        XCTAssertEqual(text.components(separatedBy: "\\fB\\-\\-author\\fR").count, 2, text)
    }

    func testUsageNotesAndArgumentsMatchTheHelpText() throws {
        let text = try page("teamflow-generate")
        XCTAssertTrue(text.contains("\\fBteamflow generate\\fR TEMPLATE NAME [\\-\\-set KEY=VALUE]..."), text)
        XCTAssertTrue(text.contains("Whitespace trimming. (values: none, smart, all; default: smart)"), text)
        XCTAssertTrue(text.contains("The template's name. (values: coordinator, viewmodel)"), text)
        XCTAssertTrue(text.contains(".SS teamflow generate graph\n"), text)
    }

    func testRootPageListsCommandsAndSeeAlso() throws {
        let text = try page("teamflow")
        XCTAssertTrue(text.contains("\\fB\\-\\-version\\fR\nShow the version.\n"), text)
        XCTAssertTrue(text.contains("See \\fBteamflow\\-task\\fR(1).\n"), text)
        XCTAssertFalse(text.contains("__complete"), text)
        XCTAssertTrue(text.contains(".SH SEE ALSO\n\\fBteamflow\\-goal\\fR(1),\n"), text)
        XCTAssertFalse(try page("teamflow-task").contains("\\fB\\-\\-version\\fR"), "--version is the root's only")
    }

    func testTextRoffWouldMisreadIsEscaped() throws {
        let tree = CommandSpec(
            name: "tool", abstract: "Tools.",
            subcommands: [
                CommandSpec(
                    name: "x", abstract: ".starts with a dot",
                    discussion: "'quoted start\nback\\slash and 배포 🚀\u{7}bell\nfields a,b/c, d",
                    examples: [".hidden \"arg\""], run: { _ in })
            ])
        let parser = CommandLineParser(root: tree, version: "1")
        let text = try XCTUnwrap(parser.manPage(for: "x", date: "d\"q", source: "s"))
        XCTAssertTrue(text.text.hasPrefix(".TH \"TOOL\\-X\" 1 \"d\\(dqq\" \"s\""), text.text)
        XCTAssertTrue(text.text.contains("\ntool\\-x \\- .starts with a dot\n"), "mid-line: no guard needed")
        XCTAssertTrue(text.text.contains("\n\\&.starts with a dot\n"), text.text)
        XCTAssertTrue(text.text.contains("\n\\&'quoted start\n"), text.text)
        XCTAssertTrue(text.text.contains("\nback\\eslash and \\[uBC30]\\[uD3EC] \\[u1F680] bell\n"), text.text)
        XCTAssertTrue(text.text.contains("\n\\&.hidden \"arg\"\n"), text.text)
        XCTAssertTrue(text.text.contains("\nfields a,\\:b/\\:c, d\n"), "a break point inside a word only: \(text.text)")
        XCTAssertTrue(text.text.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII is written as \\[uXXXX]")
    }

    /// The tool's own sections: whole on its page, on a command's page as each section asks,
    /// after the commands and before the examples; nothing when none are given.
    func testToolSectionsGoOnThePagesTheyAskFor() throws {
        let tree = CommandSpec(
            name: "tool", abstract: "Tools.", examples: ["tool x"],
            subcommands: [CommandSpec(name: "x", abstract: "Does x.", examples: ["tool x"], run: { _ in })],
            manSections: [
                ManSection(title: "Exit status", entries: [.init("0", "Success."), .init("64", "Wrong usage.")], onCommandPages: .whole),
                ManSection(title: "Environment", text: "Variables read:", entries: [.init("TOOL_NOW", ".5 means half")],
                           onCommandPages: .summary("See tool(1).")),
                ManSection(title: "Files", entries: [.init("~/.tool-rc", "Settings.")], termFont: .italic),
            ])
        let parser = CommandLineParser(root: tree, version: "1")
        let root = try XCTUnwrap(parser.manPage(for: nil, date: "d", source: "s")).text
        XCTAssertTrue(root.contains(".SH \"EXIT STATUS\"\n.TP\n\\fB0\\fR\nSuccess.\n.TP\n\\fB64\\fR\nWrong usage.\n"), root)
        XCTAssertTrue(root.contains(".SH \"ENVIRONMENT\"\nVariables read:\n.TP\n\\fBTOOL_NOW\\fR\n\\&.5 means half\n"), root)
        XCTAssertTrue(root.contains(".SH \"FILES\"\n.TP\n\\fI~/\\:.tool\\-rc\\fR\nSettings.\n"), root)
        let order = [".SH COMMANDS", ".SH \"EXIT STATUS\"", ".SH \"ENVIRONMENT\"", ".SH \"FILES\"", ".SH EXAMPLES", ".SH SEE ALSO"]
        let offsets = try order.map { try XCTUnwrap(root.range(of: $0)?.lowerBound, $0) }
        XCTAssertEqual(offsets, offsets.sorted(), "man-pages(7) order: \(root)")

        let command = try XCTUnwrap(parser.manPage(for: "x", date: "d", source: "s")).text
        XCTAssertTrue(command.contains(".SH \"EXIT STATUS\"\n.TP\n\\fB0\\fR\nSuccess.\n"), command)
        XCTAssertTrue(command.contains(".SH \"ENVIRONMENT\"\nSee tool(1).\n.SH"), command)
        XCTAssertFalse(command.contains("TOOL_NOW"), command)
        XCTAssertFalse(command.contains("FILES"), "omitted from command pages: \(command)")

        for page in pages { XCTAssertFalse(page.text.contains("EXIT STATUS"), "no sections given, none written: \(page.name)") }
    }

    func testWriteManPagesWritesEveryPageAndReportsAFailedWrite() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "man-" + UUID().uuidString + "/man1")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let files = try SampleTree.parser.writeManPages(into: folder, date: "2024-11-19", source: "teamflow 1.2.3")
        XCTAssertEqual(files.map(\.lastPathComponent), pages.map(\.fileName))
        for (file, page) in zip(files, pages) {
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), page.text)
        }
        // A regular file where the folder should be: the write fails and says so.
        let blocked = folder.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        XCTAssertThrowsError(try SampleTree.parser.writeManPages(into: blocked, date: "d", source: "s"))
    }
}
