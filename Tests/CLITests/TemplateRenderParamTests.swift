import Foundation
import XCTest

/// `template render --param` and `env`, StencilSwiftKit's tags from the command line, and
/// names that do not compile refused by `generate` with exit 64.
final class TemplateRenderParamTests: XCTestCase {
    func testParamsNestRepeatAndFlagAndEnvIsTheProcessEnvironment() throws {
        let ws = try Workspace(gitInit: false)
        try "{{ param.enumName }}|{{ param.pt.x }},{{ param.pt.y }}|{{ param.v|join:\"+\" }}|{{ param.flag }}|{{ env.TEAMFLOW_TEST_GREETING }}"
            .write(toFile: ws.path + "/p.stencil", atomically: true, encoding: .utf8)
        let result = try ws.teamflow(
            "template", "render", "p.stencil", "--param", "enumName=Asset", "--param", "pt.x=1", "--param", "pt.y=2",
            "--param", "v=a", "--param", "v=b=c", "--param", "flag", environment: ["TEAMFLOW_TEST_GREETING": "안녕"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Asset|1,2|a+b=c|true|안녕")
    }

    func testAnInvalidParamIsAUsageError() throws {
        let ws = try Workspace(gitInit: false)
        try "x".write(toFile: ws.path + "/p.stencil", atomically: true, encoding: .utf8)
        let bad = try ws.teamflow("template", "render", "p.stencil", "--param", "foo:bar=1")
        XCTAssertEqual(bad.code, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("foo:bar=1"), bad.stderr)
        let clash = try ws.teamflow("template", "render", "p.stencil", "--param", "a=1", "--param", "a.b=2")
        XCTAssertEqual(clash.code, 64, clash.stderr)
    }

    func testSwiftGenStyleTemplateWithSetMacroMapAndImport() throws {
        let ws = try Workspace(gitInit: false)
        try FileManager.default.createDirectory(atPath: ws.path + "/lib", withIntermediateDirectories: true)
        try "{% macro caseName n %}{{ n|swiftIdentifier:\"pretty\"|lowerFirstWord|escapeReservedKeywords }}{% endmacro %}"
            .write(toFile: ws.path + "/lib/Common.stencil", atomically: true, encoding: .utf8)
        // Smart trim removes the spaces right before a block tag, as Stencil does: hence {{ "" }}.
        let template = """
            {% import "Common.stencil" %}
            {% set enumName %}{{ param.enumName|default:"Colors" }}{% endset %}
            {% map colors into names using color %}{{ color.name }}{% endmap %}
            // {{ names|join:", " }}
            enum {{ enumName }} {
            {% for color in colors %}
              /// alpha {{ color.alpha|hexToInt|int255toFloat|percent }}
              static let {{ "" }}{% call caseName color.name %} = {{ color.alpha|hexToInt|int255toFloat }}
            {% endfor %}
            }

            """
        try template.write(toFile: ws.path + "/colors.stencil", atomically: true, encoding: .utf8)
        try "{\"colors\": [{\"name\": \"article body\", \"alpha\": \"80\"}, {\"name\": \"default\", \"alpha\": \"ff\"}]}"
            .write(toFile: ws.path + "/d.json", atomically: true, encoding: .utf8)
        let result = try ws.teamflow(
            "template", "render", "colors.stencil", "--data", "d.json", "--search-path", "lib", "--param", "enumName=Palette")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            // article body, default
            enum Palette {
              /// alpha 50%
              static let articleBody = 0.5019608
              /// alpha 100%
              static let `default` = 1.0
            }

            """)
    }

    func testGenerateRefusesNamesThatDoNotCompile() throws {
        let ws = try Workspace(gitInit: false)
        let bad = try ws.teamflow("generate", "coordinator", "Missing-Var?")
        XCTAssertEqual(bad.code, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("'name'") && bad.stderr.contains("'-' (character 8)"), bad.stderr)
        let lower = try ws.teamflow("generate", "coordinator", "connection")
        XCTAssertEqual(lower.code, 64, lower.stderr)
        XCTAssertTrue(lower.stderr.contains("did you mean 'Connection'?"), lower.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: ws.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(files, [], "nothing is written")
        let korean = try ws.teamflow("generate", "coordinator", "화면")
        XCTAssertEqual(korean.code, 0, korean.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: ws.path + "/화면/화면Coordinator.swift"))
    }
}
