import Foundation
import XCTest
@testable import Scaffolding

final class OutputLocationTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try makeTemporaryFolder("outloc")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func assertEscapes(_ path: String, in folder: URL, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try OutputLocation.resolve(path, in: folder), file: file, line: line) { error in
            XCTAssertEqual(error as? ScaffoldingError, .pathEscapesOutput(path: path), file: file, line: line)
        }
    }

    func testPlainRelativePathStaysInside() throws {
        let out = root.appendingPathComponent("out")
        let url = try OutputLocation.resolve("./Connection//ConnectionCoordinator.swift", in: out)
        XCTAssertEqual(url.path, out.path + "/Connection/ConnectionCoordinator.swift")
    }

    func testRefusesParentDirectoryAbsoluteAndEmptyPaths() {
        let out = root.appendingPathComponent("out")
        assertEscapes("../evil.swift", in: out)
        assertEscapes("a/../../evil.swift", in: out)
        assertEscapes("a/../b.swift", in: out)
        assertEscapes("/etc/passwd", in: out)
        assertEscapes("~/evil.swift", in: out)
        assertEscapes("", in: out)
        assertEscapes("./", in: out)
    }

    func testRefusesSymlinkedFolderLeadingOut() throws {
        let out = root.appendingPathComponent("out")
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("Link"), withDestinationURL: outside)
        assertEscapes("Link/File.swift", in: out)
    }

    func testRefusesSymlinkedFileLeadingOutAndDanglingLinks() throws {
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try write("secret", to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("File.swift"), withDestinationURL: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("Dangling.swift"), withDestinationURL: root.appendingPathComponent("nowhere"))
        assertEscapes("File.swift", in: out)
        assertEscapes("Dangling.swift", in: out)
    }

    func testFollowsSymlinksThatStayInside() throws {
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("Real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: out.appendingPathComponent("Alias"), withDestinationURL: out.appendingPathComponent("Real"))
        let url = try OutputLocation.resolve("Alias/File.swift", in: out)
        XCTAssertEqual(url.path, out.path + "/Real/File.swift")
    }

    func testOutputFolderReachedThroughSymlinkIsAllowed() throws {
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let alias = root.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: real)
        let url = try OutputLocation.resolve("A.swift", in: alias)
        XCTAssertEqual(url.path, real.path + "/A.swift")
    }

    func testAtomicWriteCreatesFoldersAndLeavesNoTemporaryFiles() throws {
        let target = root.appendingPathComponent("deep/er/File.swift")
        try FileSystem.writeAtomically("one", to: target)
        try FileSystem.writeAtomically("two", to: target)
        XCTAssertEqual(try read(target), "two")
        XCTAssertEqual(listFiles(root), ["deep/er/File.swift"])
    }
}
