import Foundation
import Templates
import XCTest
@testable import Scaffolding

/// `generate TEMPLATE`: a template's `userFiles` are created once and kept; teamflow's files are
/// rewritten while unedited, and a hand-edited one is refused without `force` only when its
/// generated text changed.
final class OwnershipTests: XCTestCase {
    private var root: URL!
    private var out: URL!
    private var generator: Generator!

    override func setUpWithError() throws {
        root = try makeTemporaryFolder("ownership")
        out = root.appendingPathComponent("out")
        generator = Generator(catalog: try OwnershipFixture.catalog(installedIn: root))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func plan(children: [String]) throws -> [PlannedFile] {
        try generator.plan(template: "coordinator", name: "Connection",
                           values: ["dependencies": ["a: A"], "children": .array(children.map { .string($0) })], outDir: out)
    }

    private func actions(_ files: [PlannedFile]) -> [String: PlannedFile.Action] {
        Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.action) })
    }

    func testUserFileIsKeptAndOnlyTheEditedChangedFileNeedsForce() throws {
        let first = try generator.write(try plan(children: []), force: false)
        XCTAssertEqual(first.map(\.action), [.create, .create, .create])
        XCTAssertEqual(first.map(\.isUserFile), [false, true, false], "Container, Coordinator+Flow, Coordinator")
        let flow = out.appendingPathComponent("Connection/ConnectionCoordinator+Flow.swift")
        let coordinator = out.appendingPathComponent("Connection/ConnectionCoordinator.swift")
        XCTAssertNil(GeneratedHeader.template(in: try read(flow)), "a user file carries no generated header")
        XCTAssertEqual(GeneratedDigest.state(of: try read(coordinator)), .unedited)

        // Without the last generated text (files generated before teamflow kept it under
        // .teamflow-generated/) an edit cannot be merged: the refusal below still applies.
        try FileManager.default.removeItem(at: out.appendingPathComponent(".teamflow-generated"))
        let myFlow = try read(flow).replacingOccurrences(of: "    func start() {\n", with: "    func start() {\n        show()\n")
        try write(myFlow, to: flow)
        let myCoordinator = try read(coordinator) + "// mine\n"
        try write(myCoordinator, to: coordinator)

        let second = try plan(children: ["VideoList"])
        XCTAssertEqual(actions(second), [
            "Connection/ConnectionContainer.swift": .unchanged,
            "Connection/ConnectionCoordinator+Flow.swift": .kept,
            "Connection/ConnectionCoordinator.swift": .overwrite,
        ])
        XCTAssertThrowsError(try generator.write(second, force: false)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .wouldOverwrite(paths: ["Connection/ConnectionCoordinator.swift"]))
        }
        XCTAssertEqual(try read(coordinator), myCoordinator, "nothing written after the refusal")

        let forced = try generator.write(second, force: true)
        XCTAssertEqual(actions(forced)["Connection/ConnectionCoordinator+Flow.swift"], .kept)
        XCTAssertEqual(try read(flow), myFlow, "not even --force writes a user file")
        XCTAssertTrue(try read(coordinator).contains("let videoListContainable: VideoListContainable"))
        XCTAssertEqual(GeneratedDigest.state(of: try read(coordinator)), .unedited)
        XCTAssertEqual(try plan(children: ["VideoList"]).filter(\.action.changesFile), [], "up to date: --check passes")
    }

    func testUneditedGeneratedFileIsUpdatedWithoutForce() throws {
        try generator.write(try plan(children: []), force: false)
        let second = try generator.write(try plan(children: ["VideoList"]), force: false)
        XCTAssertEqual(actions(second)["Connection/ConnectionCoordinator.swift"], .update)
        XCTAssertEqual(actions(second)["Connection/ConnectionContainer.swift"], .unchanged)
    }

    func testHandEditsStayWhileTheGeneratedTextIsUnchanged() throws {
        try generator.write(try plan(children: []), force: false)
        let container = out.appendingPathComponent("Connection/ConnectionContainer.swift")
        let edited = try read(container) + "extension ConnectionContainer { }\n"
        try write(edited, to: container)
        let again = try plan(children: ["VideoList"])
        XCTAssertEqual(actions(again)["Connection/ConnectionContainer.swift"], .kept)
        try generator.write(again, force: true)
        XCTAssertEqual(try read(container), edited, "nothing to regenerate, so even --force leaves it")
    }

    func testUserFilesMustNameTemplateFiles() throws {
        let folder = root.appendingPathComponent(".teamflow/templates/custom")
        try write("userFiles: [\"{{ name }}+Flow.swift\"]\nvariables: [{name: name}]\n", to: folder.appendingPathComponent("template.yaml"))
        try write("struct {{ name }} {}\n", to: folder.appendingPathComponent("{{ name }}.swift"))
        XCTAssertThrowsError(try TemplateCatalog(repositoryRoot: root)) { error in
            XCTAssertTrue("\(error)".contains("userFiles entry '{{ name }}+Flow.swift' is not one of the template's files"), "\(error)")
        }
        try write("userFiles: \"x\"\nvariables: [{name: name}]\n", to: folder.appendingPathComponent("template.yaml"))
        XCTAssertThrowsError(try TemplateCatalog(repositoryRoot: root)) { error in
            XCTAssertTrue("\(error)".contains("userFiles must be a list"), "\(error)")
        }
    }

    func testStoredDigestAndLegacyStamps() {
        let text = GeneratedHeader.header(template: "coordinator") + "struct A {}\n"
        let stamped = GeneratedDigest.stamped(text)
        XCTAssertEqual(GeneratedDigest.unstamped(stamped), text)
        XCTAssertEqual(GeneratedDigest.storedDigest(in: stamped), GeneratedDigest.digest("\nstruct A {}\n"), "the text below the two header lines")
        XCTAssertEqual(GeneratedDigest.storedDigest(in: stamped + "// edit\n"), GeneratedDigest.storedDigest(in: stamped),
                       "an edit changes the text, not the stamp")
        XCTAssertNil(GeneratedDigest.storedDigest(in: text))
        let legacy = "// Generated by teamflow (template: graph)\n// teamflow digest \(GeneratedDigest.digest("struct A {}\n"))"
            + ": rewritten by `teamflow generate graph` while unedited; edits are kept unless --force.\nstruct A {}\n"
        XCTAssertEqual(GeneratedDigest.state(of: legacy), .unedited, "files stamped by an older teamflow are not taken for edits")
    }
}
