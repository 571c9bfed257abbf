import Foundation
import XCTest

/// The render budget from the command line: `template render` over it exits 1 naming the place,
/// `--max-output` / `--max-steps` move the limits, and a hostile layout or scaffolding template
/// committed to a repository fails `wiki export` and `generate` fast instead of hanging them.
final class TemplateBudgetCLITests: XCTestCase {
    /// `{% set x %}` doubled 40 times, one doubling per line after `lead` lines of text.
    private func doublingAttack(lead: Int = 0) -> String {
        String(repeating: "text\n", count: lead) + "{% set x %}ab{% endset %}\n"
            + String(repeating: "{% set x %}{{ x }}{{ x }}{% endset %}\n", count: 40) + "{{ x }}\n"
    }

    func testTemplateRenderOverTheOutputBudgetExitsOneWithThePlaceAndMaxOutputMovesTheLimit() throws {
        let ws = try Workspace(gitInit: false)
        try doublingAttack().write(toFile: ws.path + "/attack.stencil", atomically: true, encoding: .utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let attack = try ws.teamflow("template", "render", "attack.stencil")
        XCTAssertLessThan(clock.now - start, .seconds(10))
        XCTAssertEqual(attack.code, 1, attack.stderr)
        XCTAssertEqual(attack.stdout, "")
        XCTAssertTrue(attack.stderr.hasPrefix("attack.stencil:"), attack.stderr)
        XCTAssertTrue(attack.stderr.contains(": error: template exceeds its output budget of 16 MiB\n"), attack.stderr)

        // 2 MiB of output: fine by default, refused under 1M, fine again under 3M.
        try "{% for i in 0...2047 %}{{ kib }}{% endfor %}".write(toFile: ws.path + "/big.stencil", atomically: true, encoding: .utf8)
        try "{\"kib\": \"\(String(repeating: "k", count: 1024))\"}".write(toFile: ws.path + "/kib.json", atomically: true, encoding: .utf8)
        let fine = try ws.teamflow("template", "render", "big.stencil", "--data", "kib.json")
        XCTAssertEqual(fine.code, 0, fine.stderr)
        XCTAssertEqual(fine.stdout.utf8.count, 2 << 20)
        let lowered = try ws.teamflow("template", "render", "big.stencil", "--data", "kib.json", "--max-output", "1M")
        XCTAssertEqual(lowered.code, 1, lowered.stderr)
        XCTAssertTrue(lowered.stderr.hasPrefix("big.stencil:1:27: error: template exceeds its output budget of 1 MiB\n"), lowered.stderr)
        let raised = try ws.teamflow("template", "render", "big.stencil", "--data", "kib.json", "--max-output", "3145728")
        XCTAssertEqual(raised.code, 0, raised.stderr)
        XCTAssertEqual(raised.stdout, fine.stdout)

        // The attack itself passes 16 MiB long before its end, so raising the limit moves the line.
        let moved = try ws.teamflow("template", "render", "attack.stencil", "--max-output", "64M")
        XCTAssertEqual(moved.code, 1, moved.stderr)
        XCTAssertTrue(moved.stderr.contains(": error: template exceeds its output budget of 64 MiB\n"), moved.stderr)
        XCTAssertNotEqual(moved.stderr.prefix(while: { $0 != " " }), attack.stderr.prefix(while: { $0 != " " }))
    }

    func testMaxStepsMovesTheStepLimit() throws {
        let ws = try Workspace(gitInit: false)
        try "{% for i in 0...20 %}{{ i }}{% endfor %}".write(toFile: ws.path + "/loop.stencil", atomically: true, encoding: .utf8)
        let fine = try ws.teamflow("template", "render", "loop.stencil")
        XCTAssertEqual(fine.code, 0, fine.stderr)
        let tight = try ws.teamflow("template", "render", "loop.stencil", "--max-steps", "30")
        XCTAssertEqual(tight.code, 1, tight.stderr)
        XCTAssertTrue(tight.stderr.hasPrefix("loop.stencil:1:4: error: template exceeds its step budget of 30 steps\n"), tight.stderr)
    }

    func testInvalidBudgetValuesAreUsageErrors() throws {
        let ws = try Workspace(gitInit: false)
        try "x".write(toFile: ws.path + "/x.stencil", atomically: true, encoding: .utf8)
        for value in ["0", "-1", "12x", "1.5M", "M", "99999999999999999999", "9999999999G"] {
            let result = try ws.teamflow("template", "render", "x.stencil", "--max-output=\(value)")
            XCTAssertEqual(result.code, 64, "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--max-output takes a number of bytes"), result.stderr)
        }
        for value in ["0", "ten", "-5"] {
            let result = try ws.teamflow("template", "render", "x.stencil", "--max-steps=\(value)")
            XCTAssertEqual(result.code, 64, "\(value): \(result.stderr)")
        }
        for value in ["1", "512k", "64KiB", "2g"] {
            let result = try ws.teamflow("template", "render", "x.stencil", "--max-output", value)
            XCTAssertEqual(result.code, 0, "\(value): \(result.stderr)")
            XCTAssertEqual(result.stdout, "x")
        }
    }

    func testHelpNamesTheBudgetFlags() throws {
        let ws = try Workspace(gitInit: false)
        let help = try ws.teamflow("template", "render", "--help")
        XCTAssertEqual(help.code, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("--max-output BYTES"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--max-steps N"), help.stdout)
        XCTAssertTrue(help.stdout.contains("16 MiB"), help.stdout)
    }

    func testACommittedHostileHomeLayoutFailsWikiExportFastWithTheFileAndLine() throws {
        let w = try Workspace()
        XCTAssertEqual(try w.teamflow("goal", "add", "배포").code, 0)
        try HostileTemplates.write(doublingAttack(lead: 2), ".teamflow/templates/wiki/home.md", in: w)
        try HostileTemplates.commit(w)
        let doubling = try failingExport(in: w)
        // Two lines of text, the first set, then doublings 1...22 on lines 4...25: the 22nd passes 16 MiB.
        XCTAssertTrue(doubling.stderr.contains("cannot render Home.md with layout home.md: home.md:25:"), doubling.stderr)
        XCTAssertTrue(doubling.stderr.contains(": error: template exceeds its output budget of 16 MiB"), doubling.stderr)

        // The nested loops of the same attack, as the week layout: refused by the step budget.
        try FileManager.default.removeItem(atPath: w.path + "/.teamflow/templates/wiki/home.md")
        try HostileTemplates.write("# {{ week.name }}\n{% for i in 0...100000 %}\n{% for j in 0...100000 %}{% for k in 0...100000 %}{{ k }}{% endfor %}{% endfor %}{% endfor %}\n",
                                   ".teamflow/templates/wiki/week.md", in: w)
        let loops = try failingExport(in: w)
        XCTAssertTrue(loops.stderr.contains("with layout week.md: week.md:3:"), loops.stderr)
        XCTAssertTrue(loops.stderr.contains(": error: template exceeds its step budget of 250000 steps"), loops.stderr)
    }

    /// `wiki export --out wiki`, which must exit 1 within 10 s (it used to run for minutes or
    /// abort) and write nothing.
    private func failingExport(in w: Workspace, file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Result {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try w.teamflow("wiki", "export", "--out", "wiki")
        XCTAssertLessThan(clock.now - start, .seconds(10), file: file, line: line)
        XCTAssertEqual(result.code, 1, result.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/wiki"), "nothing is written", file: file, line: line)
        return result
    }

    func testACommittedHostileScaffoldingTemplateFailsGenerateFastAndWritesNothing() throws {
        let w = try Workspace()
        let folder = ".teamflow/templates/bomb"
        try HostileTemplates.write("name: bomb\ndescription: a teammate's template\nvariables:\n  - name: name\n    required: true\n",
                                   "\(folder)/template.yaml", in: w)
        try HostileTemplates.write("// {{ name }}\n{{ name|indent:999999999 }}\n", "\(folder)/{{ name }}.swift", in: w)
        try HostileTemplates.commit(w)
        let clock = ContinuousClock()
        let start = clock.now
        let result = try w.teamflow("generate", "bomb", "Profile", "--out", "out")
        XCTAssertLessThan(clock.now - start, .seconds(10))
        XCTAssertEqual(result.code, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(":2:4: error: filter 'indent': width 999999999 exceeds the largest indentation, 10000"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: w.path + "/out"), "nothing is written")
    }
}
