import Charts
import Foundation
import XCTest

/// SVG charts parse as XML, carry what a screen reader needs, are byte-identical for the same
/// series, escape hostile labels, stay self-contained and survive empty and absurd series.
final class SVGChartTests: XCTestCase {
    private static let hostile = "<script>alert('x')</script> & \"q\" \u{1B}[31m\u{0}\u{7F}\u{202E}"

    private var charts: [(String, String)] {
        let hostileVelocity = VelocitySeries(periods: [.init(label: Self.hostile, done: 3, byMember: [3])], members: [Self.hostile])
        let hostileBurndown = BurndownSeries(total: 2, days: [(Self.hostile, 2, true), ("2024-11-19", 1, true)], today: Self.hostile)
        let manyMembers = VelocitySeries(periods: [.init(label: "w", done: 12, byMember: Array(1...12))],
                                         members: (1...12).map { "member \($0)" })
        return [("velocity", SVGChart.velocity(Scenario.velocity)),
                ("velocity ko", SVGChart.velocity(Scenario.velocity, options: .init(labels: .korean, idPrefix: "v2"))),
                ("burndown", SVGChart.burndown(Scenario.burndown)),
                ("burndown with scope", SVGChart.burndown(Scenario.scopeChange, options: .init(labels: .korean))),
                ("quarter", SVGChart.velocity(Scenario.quarter)),
                ("hostile velocity", SVGChart.velocity(hostileVelocity)),
                ("hostile burndown", SVGChart.burndown(hostileBurndown)),
                ("many members", SVGChart.velocity(manyMembers)),
                ("empty velocity", SVGChart.velocity(VelocitySeries(periods: []))),
                ("empty burndown", SVGChart.burndown(BurndownSeries(total: 0, days: [BurndownSeries.Day]())))]
    }

    func testEveryChartIsWellFormedAndLabelledForScreenReaders() throws {
        for (name, svg) in charts {
            let document = SVGInspector(svg)
            XCTAssertNil(document.error, name)
            let root = try XCTUnwrap(document.elements.first, name)
            XCTAssertEqual(root.name, "svg", name)
            XCTAssertEqual(root.attributes["role"], "img", name)
            XCTAssertEqual(root.attributes["viewBox"], "0 0 640 320", name)
            XCTAssertEqual(root.attributes["width"], "640", name)
            let ids = try XCTUnwrap(root.attributes["aria-labelledby"], name).split(separator: " ").map(String.init)
            XCTAssertEqual(ids.count, 2, name)
            XCTAssertEqual(document.all("title").first?.attributes["id"], ids.first, name)
            XCTAssertEqual(document.all("desc").first?.attributes["id"], ids.last, name)
            XCTAssertFalse(document.all("title").first?.text.isEmpty ?? true, name)
            XCTAssertFalse(document.all("desc").first?.text.isEmpty ?? true, name)
            XCTAssertTrue(svg.contains("'Noto Sans CJK KR'") && svg.contains(", sans-serif;"), name)
            XCTAssertTrue(svg.contains("@media (prefers-color-scheme: dark)"), name)
        }
    }

    func testChartsAreSelfContained() {
        let forbidden = ["script", "foreignObject", "image", "a", "use", "iframe", "object", "embed", "link", "font-face"]
        for (name, svg) in charts {
            let document = SVGInspector(svg)
            XCTAssertEqual(document.elements.filter { forbidden.contains($0.name) }.map(\.name), [], name)
            for element in document.elements {
                for key in element.attributes.keys {
                    XCTAssertFalse(key.hasPrefix("on") || key.contains("href") || key == "src", "\(name): \(key)")
                }
            }
            for marker in ["url(", "@import", "@font-face", "http://", "https://"] {
                let withoutNamespace = svg.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
                XCTAssertFalse(withoutNamespace.contains(marker), "\(name): \(marker)")
            }
        }
    }

    func testHostileLabelsAreEscapedAndStrippedOfControls() throws {
        for (name, svg) in charts where name.hasPrefix("hostile") {
            let document = SVGInspector(svg)
            XCTAssertNil(document.error, name)
            XCTAssertFalse(svg.contains("<script"), name)
            XCTAssertTrue(svg.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"), name)
            let bad = svg.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
            XCTAssertEqual(bad.count, 0, name)
            let desc = try XCTUnwrap(document.all("desc").first).text
            XCTAssertTrue(desc.contains("<script>alert('x')</script> & \"q\" [31m"), "\(name): a reader gets the text back: \(desc)")
        }
    }

    func testSameSeriesGiveTheSameBytes() throws {
        let decoded = try JSONDecoder().decode(VelocitySeries.self, from: JSONEncoder().encode(Scenario.velocity))
        XCTAssertEqual(SVGChart.velocity(decoded), SVGChart.velocity(Scenario.velocity))
        XCTAssertEqual(SVGChart.burndown(Scenario.burndown), SVGChart.burndown(Scenario.burndown))
        XCTAssertEqual(charts.map(\.1), charts.map(\.1))
    }

    func testScenarioDrawsItsValues() throws {
        let velocity = SVGInspector(SVGChart.velocity(Scenario.velocity))
        XCTAssertEqual(velocity.all("rect").count, 1 + 2 * 3 + 3, "background, 2 weeks × 3 bars, 3 legend swatches")
        let texts = velocity.all("text").map(\.text)
        XCTAssertTrue(texts.contains("2024-W47") && texts.contains("2024-W48") && texts.contains("김민준"), "\(texts)")
        XCTAssertTrue(texts.contains("average 4.0"), "\(texts)")
        let burndown = SVGInspector(SVGChart.burndown(Scenario.burndown))
        XCTAssertEqual(burndown.all("circle").count, 11, "the start and ten ended days")
        XCTAssertEqual(burndown.all("polyline").count, 2, "ideal and open")
        XCTAssertEqual(burndown.all("line").filter { $0.attributes["class"] == "today" }.count, 1)
        XCTAssertTrue(burndown.all("text").map(\.text).contains("11-27"))
    }

    /// The scope is a step line of its own (class `scope`, with a legend entry): level from the
    /// baseline, up at the end of the day an item was added, down at the end of the day one
    /// was removed; the ideal line starts at the baseline and reaches the axis on Friday.
    func testBurndownDrawsTheScopeAsAStepLine() throws {
        let document = SVGInspector(SVGChart.burndown(Scenario.scopeChange))
        XCTAssertNil(document.error)
        let lines = document.all("polyline")
        XCTAssertEqual(lines.compactMap { $0.attributes["class"] }, ["ideal", "scope", "open"])
        let open = try points(of: "open", in: lines), scope = try points(of: "scope", in: lines), ideal = try points(of: "ideal", in: lines)
        let baseline = try XCTUnwrap(open.first).y
        XCTAssertEqual(scope.first?.y, baseline, "the scope line starts at the baseline")
        XCTAssertEqual(ideal.first?.y, baseline, "so does the ideal")
        let axis = try XCTUnwrap(document.all("line").first { $0.attributes["class"] == "axis" }?.attributes["y1"].flatMap(Double.init))
        XCTAssertEqual(ideal[5].y, axis, "zero at the end of Friday (point 5)")
        XCTAssertGreaterThan(ideal[1].y, ideal[0].y, "the ideal falls from the first day: not flat")
        // Vertical moves of the scope line: (x, from y, to y).
        let steps = zip(scope, scope.dropFirst()).filter { $0.x == $1.x && $0.y != $1.y }.map { ($0.x, $0.y, $1.y) }
        XCTAssertEqual(steps.count, 2, "\(scope)")
        XCTAssertEqual(steps.first?.0, open[3].x, "up at the end of Wednesday")
        XCTAssertLessThan(steps.first?.2 ?? 0, baseline, "up: a smaller y")
        XCTAssertEqual(steps.last?.0, open[4].x, "down at the end of Thursday")
        XCTAssertEqual(steps.last?.2, baseline, "back to five")
        XCTAssertEqual(scope.last?.x, open.last?.x, "it stops with the open line at today")
        let legend = document.all("line").filter { $0.attributes["class"] == "scope" }
        XCTAssertEqual(legend.count, 1, "the legend swatch")
        XCTAssertTrue(document.all("text").map(\.text).contains("scope"))
        let desc = try XCTUnwrap(document.all("desc").first).text
        XCTAssertTrue(desc.contains("scope 5, added 1, removed 1;"), desc)
        XCTAssertTrue(desc.contains("2024-11-20: open 4, scope 6 (added 1), ideal 2.0"), desc)
        XCTAssertTrue(desc.contains("2024-11-21: open 2, scope 5 (removed 1), ideal 1.0"), desc)
        XCTAssertTrue(desc.contains("2024-11-23: open -, ideal 0.0"), desc)
        XCTAssertEqual(SVGInspector(SVGChart.burndown(Scenario.burndown)).all("line").filter { $0.attributes["class"] == "scope" }.count, 0,
                       "a series without scope values has no scope line or legend entry")
    }

    /// The average's label is a legend entry above the plot: no bar reaches it, however tall.
    func testTheAverageLabelIsOutsideTheBars() throws {
        let tall = VelocitySeries(periods: [.init(label: "2024-W46", done: 8), .init(label: "2024-W47", done: 9),
                                            .init(label: "2024-W48", done: 10)])
        for series in [Scenario.velocity, tall, Scenario.quarter] {
            let document = SVGInspector(SVGChart.velocity(series))
            let label = try XCTUnwrap(document.all("text").first { $0.attributes["class"]?.contains("avgtext") == true })
            XCTAssertTrue(label.text.hasPrefix("average "), label.text)
            let baseline = try XCTUnwrap(label.attributes["y"].flatMap(Double.init))
            let bars = document.all("rect").filter { $0.attributes["fill"] != nil && $0.attributes["height"].flatMap(Double.init) ?? 0 > 10 }
            XCTAssertFalse(bars.isEmpty)
            for bar in bars {
                let top = try XCTUnwrap(bar.attributes["y"].flatMap(Double.init))
                XCTAssertGreaterThan(top, baseline + 4, "a bar reaching \(top) would touch the label at \(baseline)")
            }
            let grid = document.all("line").filter { $0.attributes["class"] == "grid" }.compactMap { $0.attributes["y1"].flatMap(Double.init) }
            XCTAssertLessThan(baseline + 4, try XCTUnwrap(grid.min()), "above the plot's top")
            let line = try XCTUnwrap(document.all("line").first { $0.attributes["class"] == "avg" && $0.attributes["y1"] != "20.0" })
            XCTAssertGreaterThan(line.attributes["y1"].flatMap(Double.init) ?? 0, baseline + 4, "the line itself is in the plot")
        }
    }

    /// Labels are evenly spaced from the last period back: the current week always has one.
    func testVelocityLabelsAlwaysIncludeTheCurrentWeek() {
        for count in [2, 8, 12, 13, 27, 53, 520] {
            let periods = (0..<count).map { VelocitySeries.Period(label: "p\($0)", done: 1) }
            let labels = SVGInspector(SVGChart.velocity(VelocitySeries(periods: periods))).all("text")
                .filter { $0.attributes["class"] == "muted small" && $0.text.hasPrefix("p") }.map(\.text)
            XCTAssertEqual(labels.last, "p\(count - 1)", "\(count) periods")
            let indices = labels.compactMap { Int($0.dropFirst()) }
            let gaps = Set(zip(indices, indices.dropFirst()).map { $1 - $0 })
            XCTAssertLessThanOrEqual(gaps.count, 1, "\(count) periods: one spacing, \(indices)")
            if count <= 8 { XCTAssertEqual(indices.count, count, "every week fits") }
        }
        let quarter = SVGInspector(SVGChart.velocity(Scenario.quarter)).all("text").map(\.text)
        XCTAssertTrue(quarter.contains("2024-W48") && quarter.contains("2024-W46") && !quarter.contains("2024-W47"), "\(quarter)")
    }

    private func points(of cssClass: String, in lines: [SVGInspector.Element]) throws -> [(x: Double, y: Double)] {
        let text = try XCTUnwrap(lines.first { $0.attributes["class"] == cssClass }?.attributes["points"], cssClass)
        return text.split(separator: " ").compactMap { pair in
            let numbers = pair.split(separator: ",").compactMap { Double($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
    }

    func testEmptyAndDegenerateSeriesSayNoData() {
        let cases = [SVGChart.velocity(VelocitySeries(periods: [])),
                     SVGChart.velocity(VelocitySeries(periods: [.init(label: "w", done: 0), .init(label: "x", done: -4)])),
                     SVGChart.burndown(BurndownSeries(total: 5, days: [("2024-11-18", 4, true)])),
                     SVGChart.burndown(BurndownSeries(total: 0, days: [("a", 0, true), ("b", 0, true)])),
                     SVGChart.velocity(VelocitySeries(periods: []), options: .init(labels: .korean))]
        for svg in cases {
            let document = SVGInspector(svg)
            XCTAssertNil(document.error)
            let texts = document.all("text").map(\.text)
            XCTAssertTrue(texts.contains("no data") || texts.contains("데이터 없음"), "\(texts)")
            XCTAssertEqual(document.all("polyline").count + document.all("circle").count, 0)
        }
    }

    func testAbsurdNumbersAreClampedNotTrapped() {
        let velocity = VelocitySeries(periods: [.init(label: "a", done: Int.max, byMember: [Int.min, Int.max]),
                                                .init(label: "b", done: Int.min)], members: ["x", "y"], average: .infinity)
        let burndown = BurndownSeries(total: Int.max, days: [.init(day: "a", open: Int.min, ideal: .nan),
                                                             .init(day: "b", open: Int.max, ideal: -.infinity)])
        let many = VelocitySeries(periods: (0..<2000).map { .init(label: "p\($0)", done: $0) })
        for svg in [SVGChart.velocity(velocity), SVGChart.burndown(burndown), SVGChart.velocity(many),
                    SVGChart.velocity(velocity, options: .init(width: Int.max, height: Int.min, idPrefix: "<&>"))] {
            XCTAssertNil(SVGInspector(svg).error)
            XCTAssertFalse(svg.lowercased().contains("nan") || svg.contains("inf"), "no non-finite numbers are written")
        }
        XCTAssertTrue(SVGChart.velocity(velocity, options: .init(idPrefix: "<&>")).contains("aria-labelledby=\"chart-title chart-desc\""))
    }
}
