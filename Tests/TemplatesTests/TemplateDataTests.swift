import Foundation
import Templates
import XCTest

/// `TemplateData`: `template render --data` files, JSON or YAML, a mapping at the top.
final class TemplateDataTests: XCTestCase {
    func testYAMLMappingKeepsScalarTypes() throws {
        let context = try TemplateData.parse(Data("name: Ann\ncount: 3\nratio: 0.5\nok: true\nnone: null\nitems: [a, b]\n".utf8),
                                             file: "people.yaml")
        XCTAssertEqual(context["name"], .string("Ann"))
        XCTAssertEqual(context["count"], .int(3))
        XCTAssertEqual(context["ratio"], .double(0.5))
        XCTAssertEqual(context["ok"], .bool(true))
        XCTAssertEqual(context["none"], .null)
        XCTAssertEqual(context["items"], .array([.string("a"), .string("b")]))
    }

    func testJSONObjectByExtension() throws {
        let context = try TemplateData.parse(Data(#"{"people": [{"name": "Ann"}]}"#.utf8), file: "DATA.JSON")
        XCTAssertEqual(context["people"], .array([.dictionary(["name": .string("Ann")])]))
    }

    func testEmptyDocumentIsAnEmptyContext() throws {
        XCTAssertEqual(try TemplateData.parse(Data(), file: "empty.yaml"), [:])
    }

    func testTopLevelMustBeAMapping() {
        XCTAssertThrowsError(try TemplateData.parse(Data("- a\n- b\n".utf8), file: "list.yaml")) { error in
            XCTAssertEqual("\(error)", "list.yaml: the data must be a JSON object or a YAML mapping at the top level")
        }
    }

    func testBadJSONNamesTheFile() {
        XCTAssertThrowsError(try TemplateData.parse(Data("{".utf8), file: "bad.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.json: JSON error at byte"), "\(error)")
        }
    }

    func testBadYAMLReportsItsPosition() {
        XCTAssertThrowsError(try TemplateData.parse(Data("a: [\n".utf8), file: "bad.yaml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("bad.yaml:"), "\(error)")
        }
    }

    func testLoadResolvesRelativeToTheDirectoryAndReportsAMissingFile() throws {
        let folder = NSTemporaryDirectory() + "template-data-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "team: BeStory\n".write(toFile: folder + "/d.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TemplateData.load("d.yaml", in: folder), ["team": .string("BeStory")])
        XCTAssertThrowsError(try TemplateData.load("missing.yaml", in: folder)) { error in
            XCTAssertEqual(error as? TemplateFileError, TemplateFileError(message: "cannot read data file 'missing.yaml'"))
        }
    }
}
