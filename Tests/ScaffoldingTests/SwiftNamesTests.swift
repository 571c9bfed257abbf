import Foundation
import Templates
import XCTest
@testable import Scaffolding

/// Names that compile: a table of good and bad identifiers, and the check running before
/// anything is rendered or written.
final class SwiftNamesTests: XCTestCase {
    /// (value, role, expected spelling or nil when refused, a fragment of the reason).
    static let table: [(String, IdentifierRole, String?, String)] = [
        ("Connection", .type, "Connection", ""),
        ("화면", .type, "화면", ""),
        ("화면2", .type, "화면2", ""),
        ("Écran", .type, "Écran", ""),
        ("_Private", .type, "_Private", ""),
        ("Type", .type, "Type", ""),
        ("Protocol", .type, "Protocol", ""),
        ("connection", .type, nil, "did you mean 'Connection'?"),
        ("écran", .type, nil, "did you mean 'Écran'?"),
        ("class", .type, nil, "did you mean 'Class'?"),
        ("Self", .type, nil, "'Self' is a Swift keyword"),
        ("Any", .type, nil, "'Any' is a Swift keyword"),
        ("Missing-Var?", .type, nil, "'-' (character 8) is not allowed"),
        ("a-b", .member, nil, "'-' (character 2) is not allowed"),
        ("1abc", .type, nil, "'1' (character 1) cannot start"),
        ("1abc", .member, nil, "'1' (character 1) cannot start"),
        ("", .type, nil, "cannot be empty"),
        ("", .member, nil, "cannot be empty"),
        ("_", .member, nil, "wildcard"),
        ("two words", .member, nil, "' ' (character 4)"),
        ("tab\there", .member, nil, "'\\t' (character 4)"),
        ("emoji😀", .member, nil, "(character 6)"),
        ("viewDidLoad", .member, "viewDidLoad", ""),
        ("화면을열다", .member, "화면을열다", ""),
        ("class", .member, "`class`", ""),
        ("default", .member, "`default`", ""),
        ("init", .member, "`init`", ""),
        ("Type", .member, "`Type`", ""),
        ("self", .member, "`self`", ""),
        ("async", .member, "async", ""),
        ("open", .member, "open", ""),
        ("café", .member, "café", ""),
        ("cafe\u{301}", .member, "cafe\u{301}", ""),
    ]

    func testTableOfGoodAndBadIdentifiers() {
        for (text, role, expected, reason) in Self.table {
            switch SwiftNames.spelling(text, role: role) {
            case .success(let spelled):
                XCTAssertEqual(spelled, expected, "\(text.debugDescription) as \(role) was accepted")
            case .failure(let problem):
                XCTAssertNil(expected, "\(text.debugDescription) as \(role) was refused: \(problem)")
                XCTAssertTrue(problem.reason.contains(reason), "\(text.debugDescription): \(problem.reason)")
            }
        }
    }

    func testGenerateRefusesABadNameBeforeWritingNamingTheVariableAndCharacter() throws {
        let out = try makeTemporaryFolder("names").appendingPathComponent("out")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let generator = Generator(catalog: try TemplateCatalog())
        XCTAssertThrowsError(try generator.plan(template: "coordinator", name: "Missing-Var?", outDir: out)) { error in
            XCTAssertEqual(
                "\(error)",
                "invalid value 'Missing-Var?' for 'name': expected a Swift type name: '-' (character 8) is not allowed in a Swift identifier")
        }
        XCTAssertThrowsError(try generator.plan(template: "coordinator", name: "connection", outDir: out)) { error in
            XCTAssertTrue("\(error)".contains("did you mean 'Connection'?"), "\(error)")
        }
        XCTAssertThrowsError(try generator.plan(
            template: "coordinator", name: "Main", values: ["children": ["video-list"]], outDir: out)) { error in
            XCTAssertTrue("\(error)".contains("for 'children'"), "\(error)")
        }
        XCTAssertThrowsError(try generator.plan(
            template: "feature", name: "Profile", values: ["entity": "profile"], outDir: out)) { error in
            XCTAssertTrue("\(error)".contains("for 'entity'") && "\(error)".contains("'Profile'"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    func testKoreanNamesGenerateAndMemberKeywordsAreEscaped() throws {
        let generator = Generator(catalog: try TemplateCatalog())
        let out = URL(fileURLWithPath: "/nonexistent-teamflow-names")
        let korean = try generator.plan(template: "coordinator", name: "화면", outDir: out)
        XCTAssertTrue(korean.map(\.path).contains("화면/화면Coordinator.swift"), "\(korean.map(\.path))")
        let viewModel = try generator.plan(
            template: "viewmodel", name: "Search", values: ["inputs": ["viewDidLoad", "default"]], outDir: out)
        XCTAssertTrue(viewModel[0].contents.contains("func `default`()"), viewModel[0].contents)
        XCTAssertTrue(viewModel[0].contents.contains("func viewDidLoad()"))
    }

    func testManifestRefusesAnUnknownRole() {
        XCTAssertThrowsError(try TemplateManifest(
            yaml: "variables:\n  - name: name\n    identifier: typename\n", folderName: "x", file: "x/template.yaml")) { error in
            XCTAssertTrue("\(error)".contains("unknown identifier 'typename'"), "\(error)")
        }
        XCTAssertThrowsError(try TemplateManifest(
            yaml: "variables:\n  - name: flag\n    type: bool\n    identifier: member\n", folderName: "x", file: "x/template.yaml"))
    }
}
