import XCTest
@testable import YAML

/// The piecewise writer must give exactly `YAML.emit`'s text for the same tree.
final class BlockWriterTests: XCTestCase {
    func testPiecesGiveTheEmittersTextForTheSameTree() throws {
        let longKey = String(repeating: "k", count: 1_001)
        let comment: Node = .mapping(Node.Mapping(pairs: [
            (Node("by"), Node("seok")), (Node("text"), Node("첫 줄\n둘째 줄\n")), (Node("tab"), Node("a\tb")),
            (Node("list"), .sequence(Node.Sequence(items: [Node(1), .sequence(Node.Sequence(items: [Node("x")]))]))),
        ]))
        let tree: Node = .mapping(Node.Mapping(pairs: [
            (Node("v"), Node(1)),
            (Node("data"), .mapping(Node.Mapping(pairs: [
                (Node("title"), Node("배포 🚀")),
                (Node("empty"), .sequence(Node.Sequence())),
                (Node("none"), .mapping(Node.Mapping())),
                (Node("comments"), .sequence(Node.Sequence(items: [comment, Node("yes"), comment]))),
                (Node(longKey), .mapping(Node.Mapping(pairs: [(Node("inner"), Node("text\n\n"))]))),
            ]))),
            (Node("extra"), Node("0123")),
        ]))
        var writer = BlockWriter()
        writer.pair("v", Node(1))
        writer.openMapping("data")
        writer.pair("title", Node("배포 🚀"))
        writer.pair("empty", .sequence(Node.Sequence()))
        writer.pair("none", .mapping(Node.Mapping()))
        writer.openSequence("comments")
        for item in [comment, Node("yes"), comment] { writer.item(item) }
        writer.close()
        writer.openMapping(longKey)
        writer.pair("inner", Node("text\n\n"))
        writer.close()
        writer.close()
        writer.pair("extra", Node("0123"))
        XCTAssertEqual(writer.text, YAML.emit(tree))
        XCTAssertEqual(try YAML.parse(writer.text), tree)
    }
}
