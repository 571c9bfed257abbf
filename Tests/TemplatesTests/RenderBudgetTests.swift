import Foundation
import Templates
import XCTest

/// Every render has a budget of output bytes and steps (``RenderBudget``): the attacks that took
/// gigabytes or minutes fail fast with a positioned, typed error, and ordinary large renders
/// are untouched.
final class RenderBudgetTests: XCTestCase {
    // MARK: - The attacks

    func testDoublingASet26TimesRunsOutOfOutputAtTheDoublingThatCrosses16MiB() throws {
        let error = try attack(doublings(26))
        XCTAssertEqual(error.exceededBudget, .outputBytes)
        // Doubling k (line k+1) writes x twice, 2^(k+1) bytes: 2^(k+2) - 2 so far, plus a
        // newline per line. The second `{{ x }}` of doubling 22 (line 23) passes 16 MiB = 2^24.
        XCTAssertEqual(error.line, 23, error.description)
        XCTAssertTrue(error.description.hasPrefix("attack.stencil:23:22: error: "), error.description)
        XCTAssertTrue(error.description.contains(": error: template exceeds its output budget of 16 MiB\n"), error.description)
    }

    func testDoublingASet40TimesStopsAtTheSameLineInsteadOfAllocatingTerabytes() throws {
        let error = try attack(doublings(40))
        XCTAssertEqual(error.exceededBudget, .outputBytes)
        XCTAssertEqual(error.line, 23, error.description)
    }

    func testThreeNestedHundredThousandLoopsAreRefusedBeforeTheSecondOneRuns() throws {
        let source = """
            {% for i in 0...100000 %}
              {% for j in 0...100000 %}
                {% for k in 0...100000 %}{{ k }}{% endfor %}
              {% endfor %}
            {% endfor %}
            """
        let error = try attack(source)
        XCTAssertEqual(error.exceededBudget, .steps)
        // Ranges and iterations are counted before they run: the outer loop takes 200,002 of
        // the 250,000 steps, and the second range cannot fit.
        XCTAssertEqual(error.line, 2, error.description)
        XCTAssertTrue(error.description.hasPrefix("attack.stencil:2:"), error.description)
        XCTAssertTrue(error.description.contains(": error: template exceeds its step budget of 250000 steps\n"), error.description)
    }

    func testNestedLoopsThatFitOneByOneButNotTogetherStillStopFast() throws {
        // Each loop alone is small, so it is the running total that stops the render.
        let error = try attack("{% for i in 0...1000 %}{% for j in 0...1000 %}\n{% for k in 0...1000 %}{{ k }}{% endfor %}{% endfor %}{% endfor %}")
        XCTAssertEqual(error.exceededBudget, .steps)
        XCTAssertEqual(error.line, 2, error.description)
    }

    func testAMacroCallingItselfTwiceRunsOutOfStepsWithinTheRecursionLimit() throws {
        // 40 levels deep (the recursion limit allows far more), 2^40 calls in all.
        let source = """
            {% macro grow s %}
            {% if s.count < 40 %}{% set t %}{{ s }}x{% endset %}{% call grow t %}{% call grow t %}{% endif %}
            {% endmacro %}
            {% call grow "" %}
            """
        let error = try attack(source)
        XCTAssertEqual(error.exceededBudget, .steps)
        XCTAssertEqual(error.line, 2, error.description)
        XCTAssertTrue(error.description.hasPrefix("attack.stencil:2:"), error.description)
    }

    func testAnIndentOfABillionIsAnErrorNamingTheFilterNotAClamp() throws {
        let error = try attack("line one\n{{ text|indent:999999999 }}", ["text": "a\nb"])
        XCTAssertNil(error.exceededBudget)
        XCTAssertEqual(error.line, 2)
        XCTAssertTrue(error.description.hasPrefix(
            "attack.stencil:2:4: error: filter 'indent': width 999999999 exceeds the largest indentation, 10000\n"), error.description)
        let negative = try attack("{{ text|indent:-3 }}", ["text": "a"])
        XCTAssertTrue(negative.message.contains("filter 'indent': width -3 is negative"), negative.description)
        // The largest width still works.
        XCTAssertEqual(try render("{{ text|indent:10000 }}", ["text": "a\nb"]), "a\n" + String(repeating: " ", count: 10_000) + "b")
    }

    func testAnIndentWhoseResultCannotFitIsRefusedBeforeItIsBuilt() throws {
        // 10,000 × 48 bytes on each of 2,001 lines would be 960 MB.
        let wide = String(repeating: "x", count: 48)
        let error = try attack("{% set s %}{% for i in 0...2000 %}{{ line }}\n{% endfor %}{% endset %}\n{{ s|indent:10000,\"\(wide)\" }}",
                               ["line": "a line"])
        XCTAssertEqual(error.exceededBudget, .outputBytes)
        XCTAssertEqual(error.line, 3, error.description)
    }

    func testJoinAndReplaceAreMeasuredBeforeTheyAreBuilt() throws {
        // 1,001 parts of 12 KB joined by the same 12 KB: 24 MB.
        let join = try attack("{% set s %}{% for i in 0...1000 %}{{ w }}{% endfor %}{% endset %}{% map 0...1000 into parts %}{{ s }}{% endmap %}\n{{ parts|join:s }}",
                              ["w": "abcdefghijkl"])
        XCTAssertEqual(join.exceededBudget, .outputBytes)
        XCTAssertEqual(join.line, 2, join.description)
        // Each replace makes 1,000 copies of every "i": the third would be 2 GB.
        let chain = String(repeating: "|replace:\"i\",\"\(String(repeating: "i", count: 1000))\"", count: 3)
        let replace = try attack("x\n{{ name\(chain) }}", ["name": "VideoList"])
        XCTAssertEqual(replace.exceededBudget, .outputBytes, replace.description)
        XCTAssertEqual(replace.line, 2, replace.description)
        let regex = try attack("{{ name|replace:\".\",\"\(String(repeating: "$0", count: 3000))\",\"regex\"|replace:\".\",\"\(String(repeating: "$0", count: 3000))\",\"regex\" }}",
                               ["name": "VideoList"])
        XCTAssertEqual(regex.exceededBudget, .outputBytes)
    }

    func testPrintingAHugeListIsMeasuredBeforeItsTextIsBuilt() throws {
        // A list holding the same 1 MB list 1,000 times prints as 6 GB.
        let inner = TemplateValue.array(Array(repeating: .string(String(repeating: "y", count: 1000)), count: 1000))
        let error = try attack("{{ big }}", ["big": .array(Array(repeating: inner, count: 1000))])
        XCTAssertEqual(error.exceededBudget, .outputBytes)
        XCTAssertEqual(error.line, 1)
    }

    // MARK: - What the budget leaves alone

    func testALargeButFineRenderSucceeds() throws {
        // 15,000 items through a macro, filters and a loop: 5.6 MB and ~165,000 steps.
        let items = (0..<15_000).map { TemplateValue.string("item_number_\($0)") }
        let source = """
            {% macro line item %}case {{ item|snakeToCamelCase|lowerFirstLetter }} = "{{ item }}" // {{ padding }}{% endmacro %}\
            {% for item in items %}{% call line item %}
            {% endfor %}
            """
        let padding = String(repeating: "-", count: 330)
        let output = try TemplateEnvironment().render(
            string: source, name: "fine.stencil", context: ["items": .array(items), "padding": .string(padding)])
        XCTAssertEqual(output.split(separator: "\n").count, 15_000)
        XCTAssertTrue(output.hasPrefix("case itemNumber0 = \"item_number_0\" // ---"), String(output.prefix(80)))
        XCTAssertGreaterThan(output.utf8.count, 5_500_000)
    }

    func testFilterPassingItsInputOnCountsNoOutput() throws {
        // `default` hands the same 10 KB text on 2,000 times: nothing new is made.
        let budget = RenderBudget(maxOutputBytes: 1_000, maxSteps: 100_000)
        let environment = TemplateEnvironment(budget: budget)
        let source = "{% for i in 0...2000 %}{% if text|default:\"\" %}{% endif %}{% endfor %}done"
        XCTAssertEqual(try environment.render(string: source, context: ["text": .string(String(repeating: "t", count: 10_000))]), "done")
    }

    func testBreakGivesBackTheIterationsItSkips() throws {
        // Each loop counts its 600 iterations up front; without the refund the second loop would not fit.
        let environment = TemplateEnvironment(budget: RenderBudget(maxOutputBytes: 1 << 20, maxSteps: 1_000))
        let items = TemplateValue.array((0..<600).map { .int($0) })
        let loop = "{% for i in items %}{% if i == 2 %}{% break %}{% endif %}{{ i }}{% endfor %}"
        XCTAssertEqual(try environment.render(string: loop + "|" + loop, context: ["items": items]), "01|01")
    }

    // MARK: - One budget per render, configurable

    func testIncludesAndMacrosShareOneBudget() throws {
        let part = String(repeating: "p", count: 100)
        let environment = TemplateEnvironment(loader: DictionaryLoader(templates: ["part": part]),
                                              budget: RenderBudget(maxOutputBytes: 1_000, maxSteps: 10_000))
        let fits = "{% for i in 0...8 %}{% include \"part\" %}{% endfor %}"
        XCTAssertEqual(try environment.render(string: fits, context: [:]).utf8.count, 900)
        do {
            _ = try environment.render(string: "{% macro m %}{% include \"part\" %}{% endmacro %}{% for i in 0...10 %}{% call m %}{% endfor %}",
                                       name: "shared.stencil", context: ["scope": true])
            XCTFail("eleven includes of 100 bytes cannot fit a 1,000-byte budget")
        } catch let error as TemplateError {
            XCTAssertEqual(error.exceededBudget, .outputBytes)
            // The place is the included template's text being written when the budget ran out.
            XCTAssertEqual(error.templateName, "part")
            XCTAssertEqual(error.message, "template exceeds its output budget of 1000 bytes")
        }
    }

    func testTheBudgetIsAValueOnTheEnvironmentWithAReadableMessage() throws {
        XCTAssertEqual(TemplateEnvironment().budget, .default)
        XCTAssertEqual(RenderBudget.default.maxOutputBytes, 16 << 20)
        XCTAssertEqual(RenderBudget.default.maxSteps, 250_000)
        XCTAssertEqual(RenderBudget.default.message(for: .outputBytes), "template exceeds its output budget of 16 MiB")
        XCTAssertEqual(RenderBudget(maxOutputBytes: 512 << 10, maxSteps: 7).message(for: .outputBytes),
                       "template exceeds its output budget of 512 KiB")
        XCTAssertEqual(RenderBudget(maxOutputBytes: 512 << 10, maxSteps: 7).message(for: .steps),
                       "template exceeds its step budget of 7 steps")
        var environment = TemplateEnvironment()
        environment.budget.maxOutputBytes = 3
        XCTAssertEqual(try environment.render(string: "abc", context: [:]), "abc")
        XCTAssertThrowsError(try environment.render(string: "ab{{ x }}", name: "t", context: ["x": "cd"])) { error in
            // The place is the expression being written, as for any error in it.
            XCTAssertEqual(String(describing: error), "t:1:6: error: template exceeds its output budget of 3 bytes\nab{{ x }}\n     ^")
        }
    }

    // MARK: - Helpers

    /// `{% set x %}ab{% endset %}` then `count` lines each doubling x.
    private func doublings(_ count: Int) -> String {
        (["{% set x %}ab{% endset %}"] + Array(repeating: "{% set x %}{{ x }}{{ x }}{% endset %}", count: count) + ["{{ x.count }}"])
            .joined(separator: "\n")
    }

    /// Renders `source` as `attack.stencil` with the default budget and returns the error,
    /// failing unless it is a ``TemplateError`` raised within a second of this thread's CPU time.
    /// CPU time, not elapsed time: on the shared 2-core VM a loaded machine stretched 0.3 s of
    /// work to 3 s of waiting. Elapsed time (monotonic) still has to stay under 10 s.
    /// The context is never empty: without a scope, `set` and `macro` would have nowhere to write.
    private func attack(_ source: String, _ context: [String: TemplateValue] = ["team": "teamflow"],
                        file: StaticString = #filePath, line: UInt = #line) throws -> TemplateError {
        let clock = ContinuousClock()
        let start = clock.now, cpuStart = threadCPUSeconds()
        defer {
            // A budget's 250,000 steps take up to ~1 s of CPU in a debug build; without the budget
            // these renders run for minutes or exhaust memory.
            XCTAssertLessThan(threadCPUSeconds() - cpuStart, 3, "the render took too long", file: file, line: line)
            XCTAssertLessThan(clock.now - start, .seconds(10), "the render took too long", file: file, line: line)
        }
        do {
            let output = try TemplateEnvironment().render(string: source, name: "attack.stencil", context: context)
            throw RenderedInsteadOfFailing(bytes: output.utf8.count)
        } catch let error as TemplateError {
            return error
        }
    }
}

/// The CPU time this thread has used, in seconds (a monotonic clock of its own).
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// An attack rendered to the end: the test fails with how much it wrote.
private struct RenderedInsteadOfFailing: Error {
    let bytes: Int
}
