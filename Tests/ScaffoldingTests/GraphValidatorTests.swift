import XCTest
@testable import Scaffolding

/// Every validation problem has its exact message, and all are reported together.
final class GraphValidatorTests: XCTestCase {
    private func errors(_ yaml: String) throws -> [String] {
        GraphValidator.analyse(try GraphManifest(yaml: yaml, file: "graph.yaml")).errors
    }

    func testTeamTreeIsValid() throws {
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: GraphCompileTests.teamTree, file: "graph.yaml"))
        XCTAssertEqual(analysis.errors, [])
        XCTAssertEqual(analysis.tree?.entries.map(\.node.name), ["Main", "Connection", "VideoList", "Settings", "Profile"])
        XCTAssertEqual(analysis.tree?.entry("Settings")?.passThrough, [
            GraphNeed(name: "analytics", type: "AnalyticsTracking"), GraphNeed(name: "clock", type: "TimeSource"),
        ])
        XCTAssertEqual(analysis.tree?.entry("Connection")?.passThrough, [], "Connection needs it itself")
        XCTAssertEqual(analysis.tree?.entry("Main")?.required, [])
    }

    func testUnmetNeedNamesItsPath() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main: {children: [Connection]}
              Connection: {children: [VideoList]}
              VideoList: {needs: ["browsingUseCase: BrowsingUserUseCaseInterface"]}
            """), ["Main -> Connection -> VideoList needs browsingUseCase: BrowsingUserUseCaseInterface; no ancestor provides it"])
    }

    func testNameProvidedWithAnotherTypeNamesBoth() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main:
                children: [Connection]
                provides: ["browsingUseCase: BrowsingUserUseCase = BrowsingUserUseCase()"]
              Connection: {needs: ["browsingUseCase: BrowsingUserUseCaseInterface"]}
            """), ["Main -> Connection needs browsingUseCase: BrowsingUserUseCaseInterface; the nearest provider, Main, provides browsingUseCase: BrowsingUserUseCase"])
    }

    func testNearestAncestorWins() throws {
        // Connection's own provision (same name and type) shadows Main's for VideoList.
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: """
            root: Main
            nodes:
              Main: {children: [Connection], provides: ["api: API = API()"]}
              Connection: {children: [VideoList], provides: ["api: API = API(stub: true)"]}
              VideoList: {needs: ["api: API"]}
            """, file: "graph.yaml"))
        XCTAssertEqual(analysis.errors, [])
        XCTAssertEqual(analysis.warnings, ["Main provides api: API, but no descendant needs it"])
        XCTAssertEqual(analysis.tree?.entry("Connection")?.passThrough, [])
    }

    func testNodeReachableTwiceAndCycle() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main: {children: [Connection, Settings]}
              Connection: {children: [Profile]}
              Settings: {children: [Profile]}
              Profile: {children: [Main]}
            """), [
                "Main -> Connection -> Profile -> Main: cycle; Main is its own ancestor",
                "Main -> Settings -> Profile: Profile is reachable twice (also Main -> Connection -> Profile); a node has one parent",
            ])
    }

    func testDuplicateNodeNameInListForm() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              - {name: Main, children: [Connection]}
              - {name: Connection}
              - {name: Connection, viewModel: true}
            """), ["duplicate node name 'Connection' (declared 2 times)"])
    }

    func testDuplicateNodeNameInMappingFormIsAReadError() {
        XCTAssertThrowsError(try GraphManifest(yaml: "root: Main\nnodes:\n  Main: {}\n  Main: {}\n", file: "graph.yaml")) { error in
            XCTAssertEqual("\(error)", "graph.yaml: 4:3: found duplicate key \"Main\"")
        }
    }

    func testNamesThatAreNotSwiftIdentifiers() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main: {children: [Video-List], provides: ["class: API = API()"]}
              Video-List: {needs: ["class: API", "2fa: Auth"]}
            """), [
                "Main: 'class' is not a Swift identifier (provision)",
                "Main -> Video-List: 'Video-List' is not a Swift identifier (node name)",
                "Main -> Video-List: 'class' is not a Swift identifier (need)",
                "Main -> Video-List: '2fa' is not a Swift identifier (need)",
                "Main -> Video-List needs 2fa: Auth; no ancestor provides it",
            ])
    }

    func testLowercaseAndKeywordNodeNamesAreNotTypeNames() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main: {children: [connection, 화면, Self]}
              connection: {}
              화면: {}
              Self: {}
            """), [
                "Main -> connection: 'connection' is not a Swift type name (node name): a type name starts with an uppercase letter; did you mean 'Connection'?",
                "Main -> Self: 'Self' is not a Swift identifier (node name)",
            ])
    }

    func testEveryProblemAtOnce() throws {
        let found = try errors("""
            root: Main
            nodes:
              Main: {children: [Connection, Ghost]}
              Connection: {needs: ["a: A", "broken"], children: [Connection]}
            """)
        XCTAssertEqual(found, [
            "Connection: need 'broken' must be written `name: Type`",
            "Main -> Connection -> Connection: cycle; Connection is its own ancestor",
            "Main: child 'Ghost' is not a node",
            "Main -> Connection needs a: A; no ancestor provides it",
        ])
    }

    func testUnreachableNodeAndUnusedProvisionAreWarnings() throws {
        let analysis = GraphValidator.analyse(try GraphManifest(yaml: """
            root: Main
            nodes:
              Main: {provides: ["api: API = API()"]}
              Orphan: {}
            """, file: "graph.yaml"))
        XCTAssertEqual(analysis.errors, [])
        XCTAssertEqual(analysis.warnings, [
            "node 'Orphan' is not reachable from root 'Main'; it is not generated",
            "Main provides api: API, but no descendant needs it",
        ])
    }

    func testMissingOrUnknownRoot() throws {
        XCTAssertEqual(try errors("nodes:\n  Main: {}\n"), ["the manifest names no root (root: NodeName)"])
        XCTAssertEqual(try errors("root: App\nnodes:\n  Main: {}\n"), ["root 'App' is not one of the nodes"])
    }

    func testNeedingAndProvidingTheSameName() throws {
        XCTAssertEqual(try errors("""
            root: Main
            nodes:
              Main: {children: [A], provides: ["x: X = X()"]}
              A: {needs: ["x: X"], provides: ["x: X = X(a: true)"]}
            """), ["Main -> A both needs and provides 'x'; rename one of them"])
    }
}
