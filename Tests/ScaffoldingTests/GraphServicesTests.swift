import Foundation
import TeamflowTestSupport
import XCTest
@testable import Scaffolding

/// A graph manifest with `services:`: needs met by services, the `DIContainer` registration
/// generated from the same manifest, and the view models registered with the labels their
/// initializers have, so adding a need can no longer break the registration.
final class GraphServicesTests: XCTestCase {
    /// The team's app: Main -> GroupInfo, Main -> Connection -> VideoList, a socket provider,
    /// two repositories and two use cases. `EXTRA` is where the test adds a need.
    static let teamApp = """
        root: Main
        services:
          - {type: SocketProvider, as: SocketProviding}
          - {type: BrowsingUserRepository, as: BrowsingUserRepositoryInterface, init: ["socket: SocketProviding"]}
          - {type: VideoRepository, as: VideoRepositoryInterface, init: ["socket: SocketProviding"]}
          - type: BrowsingUserUseCase
            as: BrowsingUserUseCaseInterface
            init:
              - repository: BrowsingUserRepositoryInterface
          - {type: VideoUseCase, as: VideoUseCaseInterface, init: ["repository: VideoRepositoryInterface"]}
          - {type: VideoPlayer, as: VideoPlaying, scope: factory}
        nodes:
          Main:
            children: [GroupInfo, Connection]
          GroupInfo:
            needs: ["socket: SocketProviding"]
            viewModel: true
          Connection:
            children: [VideoList]
            needs: ["browsingUseCase: BrowsingUserUseCaseInterface"EXTRA]
            viewModel: true
          VideoList:
            needs: ["videoUseCase: VideoUseCaseInterface", "player: VideoPlaying"]
            viewController: true
        """

    static let stubs = """
        ACCESS protocol SocketProviding {}
        ACCESS final class SocketProvider: SocketProviding { ACCESS init() {} }
        ACCESS protocol BrowsingUserRepositoryInterface {}
        ACCESS final class BrowsingUserRepository: BrowsingUserRepositoryInterface { ACCESS init(socket: SocketProviding) {} }
        ACCESS protocol VideoRepositoryInterface {}
        ACCESS final class VideoRepository: VideoRepositoryInterface { ACCESS init(socket: SocketProviding) {} }
        ACCESS protocol BrowsingUserUseCaseInterface {}
        ACCESS final class BrowsingUserUseCase: BrowsingUserUseCaseInterface { ACCESS init(repository: BrowsingUserRepositoryInterface) {} }
        ACCESS protocol VideoUseCaseInterface {}
        ACCESS final class VideoUseCase: VideoUseCaseInterface { ACCESS init(repository: VideoRepositoryInterface) {} }
        ACCESS protocol VideoPlaying {}
        ACCESS final class VideoPlayer: VideoPlaying { ACCESS init() {} }

        \(GraphCompileTests.appStubs)
        @MainActor
        func startApp() -> MainCoordinatable {
            let root = DIContainer.shared.registerDependencies()
            let coordinator = MainContainer(dependency: root).coordinator(listener: AppListener(), presenter: NoPresenter())
            coordinator.start()
            return coordinator
        }

        @MainActor
        func resolveViewModels() -> Bool {
            DIContainer.shared.resolve(type: ConnectionViewModel.self) != nil && DIContainer.shared.resolve(type: GroupInfoViewModel.self) != nil
        }
        """

    static func manifest(extraNeed: Bool, access: String = "public") throws -> GraphManifest {
        let text = "access: \(access)\n" + teamApp.replacingOccurrences(
            of: "EXTRA", with: extraNeed ? ", \"videoUseCase: VideoUseCaseInterface\"" : "")
        return try GraphManifest(yaml: text, file: "graph.yaml")
    }

    func testServicesMeetNeedsAndPrintWhereEachComesFrom() throws {
        let manifest = try Self.manifest(extraNeed: false)
        XCTAssertEqual(manifest.services.count, 6)
        let analysis = GraphValidator.analyse(manifest)
        XCTAssertEqual(analysis.errors, [])
        XCTAssertEqual(analysis.warnings, [])
        let tree = try XCTUnwrap(analysis.tree)
        XCTAssertEqual(tree.services.map(\.type),
                       ["SocketProvider", "VideoPlayer", "BrowsingUserRepository", "VideoRepository", "BrowsingUserUseCase", "VideoUseCase"])
        let root = try XCTUnwrap(tree.entry("Main"))
        XCTAssertEqual(root.required.map(\.declaration), [
            "socket: SocketProviding", "browsingUseCase: BrowsingUserUseCaseInterface", "videoUseCase: VideoUseCaseInterface",
            "player: VideoPlaying",
        ])
        let printed = GraphPrinter.render(tree)
        XCTAssertTrue(printed.contains(
            "needs browsingUseCase: BrowsingUserUseCaseInterface ← service BrowsingUserUseCase (registered as BrowsingUserUseCaseInterface), through the root's dependency"),
            printed)
        XCTAssertTrue(printed.contains("Services, in registration order:\n  shared SocketProvider as SocketProviding\n"), printed)
        XCTAssertTrue(printed.hasSuffix("""
            View models registered from their needs (the labels their initializers have):
              factory GroupInfoViewModel(socket: SocketProviding)
              factory ConnectionViewModel(usecase: BrowsingUserUseCaseInterface)
            """), printed)
    }

    func testProvisionOfAnAncestorWinsOverAService() throws {
        let manifest = try GraphManifest(yaml: """
            root: Main
            services: [{type: SocketProvider, as: SocketProviding}]
            nodes:
              Main: {children: [Chat], provides: ["socket: SocketProviding = SocketProvider()"], needs: []}
              Chat: {needs: ["socket: SocketProviding"]}
            """, file: "graph.yaml")
        let analysis = GraphValidator.analyse(manifest)
        let tree = try XCTUnwrap(analysis.tree, "\(analysis.errors)")
        let chat = try XCTUnwrap(tree.entry("Chat"))
        XCTAssertEqual(tree.source(of: GraphNeed(name: "socket", type: "SocketProviding"), for: chat), .provision(node: "Main"))
        XCTAssertEqual(analysis.warnings, ["services -> SocketProvider (as SocketProviding): no node needs it and no used service takes it; it is still registered"])
    }

    func testUnmetNeedsCyclesAndClashesAreReportedWithPaths() throws {
        let manifest = try GraphManifest(yaml: """
            root: Main
            services:
              - {type: A, init: ["b: B"]}
              - {type: B, init: ["a: A"]}
              - {type: Player, init: ["clock: Clock"]}
              - {type: ConnectionViewModel}
            nodes:
              Main: {children: [Connection]}
              Connection: {needs: ["player: Player", "video: VideoUseCase"], viewModel: true}
            """, file: "graph.yaml")
        let errors = GraphValidator.analyse(manifest).errors
        XCTAssertEqual(errors, [
            "services: Player needs Clock (clock:), which no service registers",
            "Main -> Connection needs video: VideoUseCase; no ancestor provides it and no service is registered as VideoUseCase",
            "services: ConnectionViewModel is registered by `generate graph` from the needs of Main -> Connection; remove it from services",
        ])
        let cycle = try GraphManifest(yaml: """
            root: Main
            services: [{type: A, init: ["b: B"]}, {type: B, init: ["a: A"]}]
            nodes: {Main: {needs: ["a: A"]}}
            """, file: "graph.yaml")
        XCTAssertEqual(GraphValidator.analyse(cycle).errors, ["services: dependency cycle: A -> B -> A"])
        let clash = try GraphManifest(yaml: """
            root: Main
            services: [{type: A}, {type: B}]
            nodes:
              Main: {children: [One, Two]}
              One: {needs: ["store: A"]}
              Two: {needs: ["store: B"]}
            """, file: "graph.yaml")
        XCTAssertEqual(GraphValidator.analyse(clash).errors, ["Main must hand on both store: A and store: B; rename one of the needs"])
        let malformed = try GraphManifest(yaml: "root: Main\nservices:\n  - {as: X}\nnodes: {Main: {}}\n", file: "graph.yaml")
        XCTAssertEqual(malformed.problems.count, 1)
        XCTAssertTrue(malformed.problems[0].hasPrefix("graph.yaml:3:5: services: invalid value"), malformed.problems[0])
        let twoLines = try GraphManifest(yaml: "root: Main\nservices:\n  - {type: A, as: \"B\\nC\"}\nnodes: {Main: {}}\n", file: "graph.yaml")
        XCTAssertEqual(twoLines.problems, ["graph.yaml:3:5: services: invalid value 'B\nC' for 'services[0]': expected a type name on one line for `as`"])
    }

    /// The failure: adding a need renamed the view model's label (`usecase:` ->
    /// `browsingUseCase:`) and the separately made registration stopped compiling. Here the
    /// registration comes from the same needs: both versions type-check in Swift 5 and 6.
    func testRegistrationFollowsTheNeedsAndTypeChecksBeforeAndAfterANeedIsAdded() throws {
        guard let swiftc = BuiltInsCompileTests.findSwiftc() else {
            throw RequiredTool.missing("swiftc not found on PATH or in /opt/swift/usr/bin")
        }
        for access in ["public", "internal"] {
            try generateAndCheck(access: access, swiftc: swiftc)
        }
    }

    private func generateAndCheck(access: String, swiftc: URL) throws {
        let out = try makeTemporaryFolder("graph-services-\(access)")
        defer { try? FileManager.default.removeItem(at: out) }
        let catalog = try TemplateCatalog()
        let generator = Generator(catalog: catalog)
        try generator.write(try generator.plan(template: "coordinator-core", values: ["access": .string(access)], outDir: out), force: false)
        try write(Self.stubs.replacingOccurrences(of: "ACCESS ", with: access == "public" ? "public " : ""),
                  to: out.appendingPathComponent("Stubs.swift"))
        let graph = GraphGenerator(catalog: catalog)
        let declared = "\(access) "

        for extraNeed in [false, true] {
            let (files, warnings) = try graph.plan(try Self.manifest(extraNeed: extraNeed, access: access), outDir: out)
            XCTAssertEqual(warnings, [])
            let written = try graph.write(files, force: false)
            XCTAssertFalse(written.contains { $0.action == .edited }, "regeneration of unedited files needs no --force")

            let registration = try read(out.appendingPathComponent("DIContainer+Registration.swift"))
            let viewModel = try read(out.appendingPathComponent("Connection/ConnectionViewModel.swift"))
            if extraNeed {
                XCTAssertTrue(viewModel.contains("init(browsingUseCase: BrowsingUserUseCaseInterface, videoUseCase: VideoUseCaseInterface)"), viewModel)
                XCTAssertTrue(registration.contains(
                    "{ ConnectionViewModel(browsingUseCase: browsingUserUseCase, videoUseCase: videoUseCase) }"), registration)
            } else {
                XCTAssertTrue(viewModel.contains("init(usecase: BrowsingUserUseCaseInterface)"), viewModel)
                XCTAssertTrue(registration.contains("{ ConnectionViewModel(usecase: browsingUserUseCase) }"), registration)
            }
            XCTAssertTrue(registration.contains("{ GroupInfoViewModel(socket: socketProvider) }"), registration)
            XCTAssertTrue(registration.contains(
                "let rootDependency = MainRoot(socket: socketProvider, browsingUseCase: browsingUserUseCase, videoUseCase: videoUseCase, player: makeVideoPlayer)"),
                registration)
            XCTAssertTrue(registration.contains("\(declared)func registerDependencies() -> MainRoot {"), registration)
            let wiring = try read(out.appendingPathComponent("Main/MainContainer+Graph.swift"))
            XCTAssertTrue(wiring.contains("\(declared)var player: VideoPlaying { makePlayer() }"), "a factory service stays a factory: \(wiring)")

            let sources = listFiles(out).filter { $0.hasSuffix(".swift") }.map { out.appendingPathComponent($0).path }
            for version in ["5", "6"] {
                try BuiltInsCompileTests.run(swiftc, BuiltInsCompileTests.checkArguments(version: version) + sources)
            }
        }
    }

    /// Runs it: the tree and `DIContainer` hand out the same shared service, a factory service
    /// makes a new instance per read, the view model is resolvable, and the tree starts.
    func testTheTreeAndTheRegistryShareTheServicesAtRunTime() throws {
        guard let swiftc = BuiltInsCompileTests.findSwiftc() else {
            throw RequiredTool.missing("swiftc not found on PATH or in /opt/swift/usr/bin")
        }
        let out = try makeTemporaryFolder("graph-services-run")
        defer { try? FileManager.default.removeItem(at: out) }
        let catalog = try TemplateCatalog()
        let generator = Generator(catalog: catalog)
        try generator.write(try generator.plan(template: "coordinator-core", values: ["access": "internal"], outDir: out), force: false)
        let graph = GraphGenerator(catalog: catalog)
        try graph.write(try graph.plan(try Self.manifest(extraNeed: true, access: "internal"), outDir: out).files, force: false)
        // Class-bound protocols, so identities can be compared.
        var stubs = Self.stubs.replacingOccurrences(of: "ACCESS ", with: "")
        for suffix in ["Providing {}", "Interface {}", "Playing {}"] {
            stubs = stubs.replacingOccurrences(of: suffix, with: suffix.dropLast(3) + ": AnyObject {}")
        }
        try write(stubs, to: out.appendingPathComponent("Stubs.swift"))
        try write("""
            import Foundation

            @MainActor
            func runServices() -> Int32 {
                let registry = DIContainer()
                let root = registry.registerDependencies()
                let shared = registry.resolve(type: BrowsingUserUseCaseInterface.self).map { ObjectIdentifier($0) }
                let sameUseCase = shared != nil && shared == ObjectIdentifier(root.browsingUseCase)
                print(sameUseCase ? "ok: one use case in the tree and the registry" : "FAILED: two use cases")
                // Both kept alive: a released first one could give the second its address.
                let players = [root.player, root.player]
                let newPlayer = players[0] !== players[1]
                print(newPlayer ? "ok: a factory service makes a new player per read" : "FAILED: the player is shared")
                let viewModels = [registry.resolve(type: ConnectionViewModel.self), registry.resolve(type: ConnectionViewModel.self)]
                    .map { $0.map(ObjectIdentifier.init) }
                let resolved = viewModels[0] != nil && viewModels[0] != viewModels[1]
                print(resolved ? "ok: the view model resolves, a new one each time" : "FAILED: view model")
                MainContainer(dependency: root).coordinator(listener: AppListener(), presenter: NoPresenter()).start()
                return sameUseCase && newPlayer && resolved ? 0 : 1
            }

            exit(MainActor.assumeIsolated { runServices() })
            """, to: out.appendingPathComponent("main.swift"))

        let sources = listFiles(out).filter { $0.hasSuffix(".swift") }.map { out.appendingPathComponent($0).path }
        let program = out.appendingPathComponent("services")
        try BuiltInsCompileTests.run(swiftc, ["-swift-version", "6", "-module-name", "Services", "-o", program.path] + sources)
        let output = try BuiltInsCompileTests.run(program, [])
        XCTAssertTrue(output.contains("ok: one use case in the tree and the registry"), output)
        XCTAssertTrue(output.contains("ok: a factory service makes a new player per read"), output)
        XCTAssertTrue(output.contains("ok: the view model resolves, a new one each time"), output)
        XCTAssertFalse(output.contains("FAILED"), output)
    }
}
