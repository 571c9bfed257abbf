import XCTest
@testable import Scaffolding

/// `generate graph --print`: the tree, each need's source, and nodes no route reaches.
final class GraphPrinterTests: XCTestCase {
    private func printed(_ yaml: String) throws -> String {
        let manifest = try GraphManifest(yaml: yaml, file: "graph.yaml")
        let tree = try XCTUnwrap(GraphValidator.analyse(manifest).tree)
        let reached = Set(tree.entries.map(\.node.name))
        return GraphPrinter.render(tree, unreachable: manifest.nodes.map(\.name).filter { !reached.contains($0) })
    }

    static let teamTreePrinted = """
        Main  (root)
        │   provides browsingUseCase: BrowsingUserUseCaseInterface
        │   provides analytics: AnalyticsTracking
        │   provides clock: TimeSource
        ├── Connection
        │   │   needs browsingUseCase: BrowsingUserUseCaseInterface ← Main's container (parent)
        │   └── VideoList
        │           needs browsingUseCase: BrowsingUserUseCaseInterface ← the root's provisions (Main), passed through Connection
        └── Settings
            │   hands on analytics: AnalyticsTracking ← Main's container (parent)
            │   hands on clock: TimeSource ← Main's container (parent)
            └── Profile
                    needs analytics: AnalyticsTracking ← the root's provisions (Main), passed through Settings
                    needs clock: TimeSource ← the root's provisions (Main), passed through Settings
        """

    func testTeamTree() throws {
        XCTAssertEqual(try printed(GraphCompileTests.teamTree), Self.teamTreePrinted)
    }

    func testAncestorBelowTheRootAndUnreachableNodes() throws {
        XCTAssertEqual(try printed("""
            root: App
            nodes:
              App: {children: [Shop]}
              Shop: {children: [Cart], provides: ["basket: Basket = Basket()"]}
              Cart: {children: [Pay]}
              Pay: {needs: ["basket: Basket"]}
              Orphan: {children: [Lost]}
              Lost: {}
            """), """
            App  (root)
            └── Shop
                │   provides basket: Basket
                └── Cart
                    │   hands on basket: Basket ← Shop's container (parent)
                    └── Pay
                            needs basket: Basket ← Shop, passed through Cart

            Not reachable from App (not generated): Orphan, Lost
            """)
    }
}
