import Foundation
import Templates
import XCTest
@testable import Scaffolding

/// `generate` renders repository templates with the same environment as `template render`:
/// StencilSwiftKit's tags and number filters, and `env` / `param` in the context.
final class RepositoryTemplateTagsTests: XCTestCase {
    func testSetMacroMapImportAndEnvInARepositoryTemplate() throws {
        let root = try makeTemporaryFolder("repo-tags")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".teamflow/templates/palette")
        try write("variables:\n  - name: name\n    identifier: type\n  - name: colors\n    type: list\n",
                  to: folder.appendingPathComponent("template.yaml"))
        try write("{% macro color c %}{{ c|hexToInt|int255toFloat }}{% endmacro %}",
                  to: folder.appendingPathComponent("_lib/macros.stencil"))
        try write("""
            {% import "_lib/macros.stencil" %}
            {% set prefix %}{{ name }}Color{% endset %}
            {% map colors into values using c %}{% call color c %}{% endmap %}
            enum {{ prefix }} {
                static let all = [{{ values|join:", " }}]
                static let home = "{{ env.HOME|default:"none" }}"
            }

            """, to: folder.appendingPathComponent("{{ name }}.swift"))
        let plan = try Generator(catalog: try TemplateCatalog(repositoryRoot: root)).plan(
            template: "palette", name: "Brand", values: ["colors": ["80", "ff"]], outDir: root.appendingPathComponent("out"))
        XCTAssertEqual(plan.map(\.path), ["Brand.swift"])
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "none"
        XCTAssertTrue(
            plan[0].contents.hasSuffix("enum BrandColor {\n    static let all = [0.5019608, 1.0]\n    static let home = \"\(home)\"\n}\n"),
            plan[0].contents)
    }

    func testADeclaredEnvVariableWins() throws {
        let root = try makeTemporaryFolder("repo-env")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".teamflow/templates/plain")
        try write("variables:\n  - name: env\n", to: folder.appendingPathComponent("template.yaml"))
        try write("[{{ env }}]", to: folder.appendingPathComponent("out.txt"))
        let plan = try Generator(catalog: try TemplateCatalog(repositoryRoot: root)).plan(
            template: "plain", values: ["env": "staging"], outDir: root.appendingPathComponent("out"))
        XCTAssertEqual(plan.map(\.contents), ["[staging]"])
    }
}
