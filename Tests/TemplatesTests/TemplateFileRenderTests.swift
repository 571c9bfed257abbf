import Foundation
import Templates
import XCTest

/// `TemplateFileRender`: `template render FILE` without the executable.
final class TemplateFileRenderTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "template-file-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/pages/partials", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        try "{% include \"greet.stencil\" %}|{% include \"sign.stencil\" %}".write(
            toFile: folder + "/pages/page.stencil", atomically: true, encoding: .utf8)
        try "Hi {{ name }}".write(toFile: folder + "/shared/greet.stencil", atomically: true, encoding: .utf8)
        try "Hello from the page's folder".write(toFile: folder + "/pages/greet.stencil", atomically: true, encoding: .utf8)
        try "-- {{ team }}".write(toFile: folder + "/pages/sign.stencil", atomically: true, encoding: .utf8)
        try "name: Ann\nteam: BeStory\n".write(toFile: folder + "/data.yaml", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testSearchPathsComeBeforeTheFilesFolderAndDataIsTheContext() throws {
        let text = try TemplateFileRender.render(file: "pages/page.stencil", in: folder, searchPaths: ["shared"],
                                                 dataFile: "data.yaml")
        XCTAssertEqual(text, "Hi Ann|-- BeStory")
        let plain = try TemplateFileRender.render(file: folder + "/pages/page.stencil", in: "/", dataFile: folder + "/data.yaml")
        XCTAssertEqual(plain, "Hello from the page's folder|-- BeStory")
    }

    func testAOneLetterFileNameRendersBesideItsIncludes() throws {
        try "{% include \"y\" %}!".write(toFile: folder + "/x", atomically: true, encoding: .utf8)
        try "why".write(toFile: folder + "/y", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TemplateFileRender.render(file: "x", in: folder), "why!")
        XCTAssertEqual(try TemplateFileRender.render(file: "pages/sign.stencil", in: folder, dataFile: "data.yaml"), "-- BeStory")
    }

    func testMissingTemplateAndMissingDataAreFileErrors() {
        XCTAssertThrowsError(try TemplateFileRender.render(file: "nope.stencil", in: folder)) { error in
            XCTAssertEqual((error as? TemplateFileError)?.message, "cannot read template 'nope.stencil'")
            XCTAssertEqual((error as? TemplateFileError)?.hints.count, 1)
        }
        XCTAssertThrowsError(try TemplateFileRender.render(file: "pages/page.stencil", in: folder, dataFile: "none.yaml")) { error in
            XCTAssertEqual(error as? TemplateFileError, TemplateFileError(message: "cannot read data file 'none.yaml'"))
        }
    }

    func testTemplateErrorsStayTemplateErrors() throws {
        try "{% if %}".write(toFile: folder + "/bad.stencil", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TemplateFileRender.render(file: "bad.stencil", in: folder)) { error in
            XCTAssertTrue(error is TemplateError, "\(error)")
        }
    }
}
