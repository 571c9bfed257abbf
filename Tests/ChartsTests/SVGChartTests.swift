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
