import XCTest
@testable import Scaffolding

/// A manifest is repository content and may be hostile: a 100,000-node chain overflowed the
/// validator's recursion (SIGSEGV in `generate graph`), and each node kept its whole path.
final class GraphDepthTests: XCTestCase {
    private func chain(_ count: Int) -> String {
        "root: N0\nnodes:\n" + (0..<count - 1).map { "  N\($0): {children: [N\($0 + 1)]}\n" }.joined()
            + "  N\(count - 1): {}\n"
    }

    func testAVeryDeepChainIsAnErrorNotACrash() throws {
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: chain(100_000), file: "graph.yaml"))
        XCTAssertNil(analysis.tree)
        XCTAssertEqual(analysis.errors, ["N0 -> N1 -> N2 -> … -> N200: the tree is more than 200 levels deep"])
    }

    func testATreeAtTheDepthBoundIsValidAndKeepsItsOrderAndPaths() throws {
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: chain(GraphValidator.maxDepth), file: "graph.yaml"))
        XCTAssertEqual(analysis.errors, [])
        let entries = try XCTUnwrap(analysis.tree?.entries)
        XCTAssertEqual(entries.count, 200)
        XCTAssertEqual(entries.last?.path.count, 200)
        XCTAssertEqual(entries.last?.parent, "N198")
        XCTAssertEqual(entries.map(\.node.name), (0..<200).map { "N\($0)" })
    }

    /// Depth first, children in manifest order, problems in the order the walk meets them:
    /// the explicit stack visits exactly as the recursion did.
    func testWalkOrderAndProblemsAreDepthFirstInManifestOrder() throws {
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: """
            root: A
            nodes:
              A: {children: [B, C, Missing]}
              B: {children: [D, C]}
              C: {children: [A]}
              D: {}
            """, file: "graph.yaml"))
        XCTAssertEqual(analysis.errors, [
            "A -> B -> C -> A: cycle; A is its own ancestor",
            "A -> C: C is reachable twice (also A -> B -> C); a node has one parent",
            "A: child 'Missing' is not a node",
        ])
    }
}
