import Foundation
import Templates
import XCTest

final class InheritanceTests: XCTestCase {
    let templates = [
        "base.html": "{% block header %}Header{% endblock %}\n{% block body %}Body{% endblock %}",
        "child.html": "{% extends \"base.html\" %}\n{% block header %}Super_{{ block.super }} Child_Header{% endblock %}\n{% block body %}Child_Body{% endblock %}\n",
        "greeting.html": "Hello {{ target }}!",
        "loop.html": "{% include \"loop.html\" %}",
    ]

    func testIncludeUsesTheContextOrAGivenDictionary() throws {
        XCTAssertEqual(try render("{% include \"greeting.html\" %}", ["target": "World"], templates: templates), "Hello World!")
        XCTAssertEqual(try render("{% include \"greeting.html\" child %}", ["child": ["target": "Kid"]], templates: templates), "Hello Kid!")
        XCTAssertEqual(try render("{% include name %}", ["name": "greeting.html", "target": "V"], templates: templates), "Hello V!")
        XCTAssertNotNil(renderError("{% include \"missing.html\" %}", templates: templates))
        XCTAssertNotNil(renderError("{% include \"greeting.html\" %}"), "no loader")
        XCTAssertNotNil(renderError("{% include %}", templates: templates))
    }

    func testRecursiveIncludeIsAnErrorNotACrash() {
        XCTAssertNotNil(renderError("{% include \"loop.html\" %}", templates: templates))
    }

    func testExtendsAndBlockSuper() throws {
        XCTAssertEqual(try render(templates["child.html"] ?? "", templates: templates), "Super_Header Child_Header\nChild_Body")
        let grandchild = "{% extends \"child.html\" %}{% block header %}{{ block.super }} GC{% endblock %}"
        XCTAssertEqual(try render(grandchild, templates: templates), "Super_Header Child_Header GC\nChild_Body")
        XCTAssertEqual(try render("{% block b %}B{% endblock %}{{ block.b }}"), "BB")
        XCTAssertNotNil(renderError("{% extends \"base.html\" %}{% extends \"base.html\" %}", templates: templates))
    }

    func testRenderTemplateNamed() throws {
        let environment = TemplateEnvironment(loader: DictionaryLoader(templates: templates))
        XCTAssertEqual(try environment.render(templateNamed: "greeting.html", context: ["target": "You"]), "Hello You!")
        XCTAssertThrowsError(try environment.render(templateNamed: "nope", context: [:]))
    }

    func testFileSystemLoaderStaysInsideItsSearchPaths() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "Hi {{ name }}".write(to: root.appendingPathComponent("sub/hi.stencil"), atomically: true, encoding: .utf8)

        let loader = FileSystemLoader(searchPaths: ["/nonexistent-\(UUID().uuidString)", root.path])
        XCTAssertEqual(try loader.loadTemplate(named: "sub/hi.stencil"), "Hi {{ name }}")
        XCTAssertNil(try loader.loadTemplate(named: "sub/none.stencil"))
        XCTAssertNil(try loader.loadTemplate(named: "sub"), "a folder is not a template")
        XCTAssertThrowsError(try loader.loadTemplate(named: "../etc/passwd"))
        XCTAssertThrowsError(try loader.loadTemplate(named: "sub/../../x"))
        XCTAssertThrowsError(try loader.loadTemplate(named: "/etc/passwd"))

        let environment = TemplateEnvironment(loader: loader)
        XCTAssertEqual(try environment.render(string: "{% include \"sub/hi.stencil\" %}", context: ["name": "Ann"]), "Hi Ann")
    }
}
