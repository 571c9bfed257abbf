import Templates
import XCTest
@testable import Scaffolding

final class VariableValuesTests: XCTestCase {
    private let manifestText = """
        name: sample
        description: A sample.
        variables:
          - name: name
            required: true
          - name: dependencies
            type: list
            items: declaration
          - name: children
            list: true
            items: name
          - name: viewModel
            type: bool
            default: false
        foreach:
          child: children
        """

    private func manifest() throws -> TemplateManifest {
        try TemplateManifest(yaml: manifestText, folderName: "sample", file: "sample/template.yaml")
    }

    func testManifestParsesKindsFormatsDefaultsAndLoops() throws {
        let manifest = try manifest()
        XCTAssertEqual(manifest.description, "A sample.")
        XCTAssertEqual(manifest.variables.map(\.name), ["name", "dependencies", "children", "viewModel"])
        XCTAssertEqual(manifest.variable(named: "name")?.isRequired, true)
        XCTAssertEqual(manifest.variable(named: "dependencies")?.itemFormat, .declaration)
        XCTAssertEqual(manifest.variable(named: "children")?.kind, .list)
        XCTAssertEqual(manifest.variable(named: "viewModel")?.defaultValue, .bool(false))
        XCTAssertEqual(manifest.foreach, ["child": "children"])
    }

    func testManifestNameMustMatchFolder() {
        XCTAssertThrowsError(try TemplateManifest(yaml: "name: other\n", folderName: "sample", file: "f")) { error in
            guard case .invalidManifest? = error as? ScaffoldingError else { return XCTFail("\(error)") }
        }
    }

    func testRepeatedSetAppendsToListsAndReplacesScalars() throws {
        let values = try VariableValues.collect(
            for: try manifest(),
            assignments: ["name=First", "children=VideoList", "name=Connection", "children=Settings", "viewModel=true"])
        XCTAssertEqual(values["name"], .string("Connection"))
        XCTAssertEqual(values["children"], .array([.string("VideoList"), .string("Settings")]))
        XCTAssertEqual(values["viewModel"], .string("true"))
    }

    func testValuesFileThenSetAppends() throws {
        let yaml = """
            name: Connection
            viewModel: true
            dependencies:
              - browsingUseCase: BrowsingUserUseCaseInterface
            children: [VideoList]
            """
        let values = try VariableValues.collect(
            for: try manifest(), assignments: ["children=Settings"], valuesYAML: yaml, valuesFile: "v.yaml")
        XCTAssertEqual(values["viewModel"], .bool(true))
        XCTAssertEqual(values["dependencies"], .array([.dictionary(["browsingUseCase": .string("BrowsingUserUseCaseInterface")])]))
        XCTAssertEqual(values["children"], .array([.string("VideoList"), .string("Settings")]))
    }

    func testUnknownVariableNamesTheKnownOnes() throws {
        XCTAssertThrowsError(try VariableValues.collect(for: try manifest(), assignments: ["colour=red"])) { error in
            XCTAssertEqual(
                error as? ScaffoldingError,
                .unknownVariable(name: "colour", template: "sample", known: ["name", "dependencies", "children", "viewModel"]))
            XCTAssertTrue("\(error)".contains("known variables: name, dependencies, children, viewModel"))
        }
    }

    func testAssignmentWithoutEqualsIsRejected() throws {
        XCTAssertThrowsError(try VariableValues.collect(for: try manifest(), assignments: ["name"])) { error in
            XCTAssertEqual(error as? ScaffoldingError, .malformedAssignment("name"))
        }
    }

    func testDeclarationItemsSplitAndLabelALoneUseCase() throws {
        let single = try ItemShapes.declarations(["browsingUseCase: BrowsingUserUseCaseInterface"], variable: "d")
        XCTAssertEqual(single, [.dictionary([
            "name": "browsingUseCase", "type": "BrowsingUserUseCaseInterface", "value": "",
            "declaration": "browsingUseCase: BrowsingUserUseCaseInterface", "label": "usecase",
            "lowerName": "browsingUseCase", "upperName": "BrowsingUseCase",
        ])])
        let several = try ItemShapes.declarations(["a: [String: Int] = [:]", "bUseCase: B"], variable: "d")
        guard case .dictionary(let first)? = several.first, case .dictionary(let second)? = several.last else {
            return XCTFail("expected dictionaries")
        }
        XCTAssertEqual(first["type"], "[String: Int]")
        XCTAssertEqual(first["value"], "[:]")
        XCTAssertEqual(second["label"], "bUseCase")
    }

    func testMalformedItemsAreRejected() {
        XCTAssertThrowsError(try ItemShapes.declarations(["no type here"], variable: "dependencies")) { error in
            XCTAssertEqual(
                error as? ScaffoldingError,
                .invalidValue(variable: "dependencies", value: "no type here", expected: "name: Type"))
        }
        XCTAssertThrowsError(try ItemShapes.name("../Evil", variable: "children"))
        XCTAssertEqual(try ItemShapes.name("VideoList", variable: "c"), .dictionary([
            "name": "VideoList", "lowerName": "videoList", "upperName": "VideoList",
        ]))
    }
}
