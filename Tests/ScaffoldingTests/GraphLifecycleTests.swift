import Foundation
import TeamflowTestSupport
import XCTest
@testable import Scaffolding

/// Runs a generated tree, not only type-checks it: builds coordinator-core, a graph generated
/// with `access: internal` and a small `main.swift` into one executable on Linux, then runs it.
/// The program starts the root, routes to a child and a grandchild, finishes the child and
/// checks that both were released, that a shared provision is one instance while a factory
/// makes a new one on every read, and that `di-container` resolves view models as factories
/// and services as singletons.
final class GraphLifecycleTests: XCTestCase {
    static let tree = """
        root: Main
        nodes:
          Main:
            children: [Connection]
            provides:
              - "browsingUseCase: BrowsingUserUseCaseInterface = BrowsingUserUseCase()"
              - "playerViewModel: PlayerViewModel = PlayerViewModel(usecase: browsingUseCase)"
              - "factory clock: TimeSource = SystemTime()"
          Connection:
            children: [VideoList]
            needs: ["browsingUseCase: BrowsingUserUseCaseInterface"]
            viewModel: true
          VideoList:
            needs: ["browsingUseCase: BrowsingUserUseCaseInterface", "clock: TimeSource", "playerViewModel: PlayerViewModel"]
            viewController: true
        """

    static let stubs = """
        protocol BrowsingUserUseCaseInterface: AnyObject {}
        final class BrowsingUserUseCase: BrowsingUserUseCaseInterface {}
        protocol TimeSource: AnyObject {}
        final class SystemTime: TimeSource {}
        @MainActor final class PlayerViewModel {
            init(usecase: BrowsingUserUseCaseInterface) {}
            init(usecase: VideoUseCaseInterface, network: NetworkProviding) {}
        }

        // The services `GraphCompileTests.generateTeamTree` registers with `di-container`.
        protocol NetworkProviding: AnyObject {}
        final class NetworkProvider: NetworkProviding {}
        protocol VideoRepositoryInterface {}
        final class VideoRepository: VideoRepositoryInterface { init(network: NetworkProviding) {} }
        protocol VideoUseCaseInterface {}
        final class VideoUseCase: VideoUseCaseInterface { init(repository: VideoRepositoryInterface) {} }
        """

    /// What the app would write in Main's flow file: show a first screen.
    static let mainFlow = """
        final class MainScreen {}

        extension MainCoordinator {
            func startFlow() {
                presenter.show(MainScreen(), animated: false)
            }
        }
        """

    static let main = """
        import Foundation

        final class RecordingPresenter: Presenting {
            var shown: [Screen] = []
            func show(_ screen: Screen, animated: Bool) { shown.append(screen) }
            func dismiss(animated: Bool) { _ = shown.popLast() }
        }

        final class AppListener: MainListener {
            var finished = 0
            func mainDidFinish(_ coordinator: MainCoordinatable) { finished += 1 }
        }

        @MainActor
        func runLifecycle() -> Int32 {
            var failures = 0
            func check(_ condition: Bool, _ what: String) {
                print((condition ? "ok: " : "FAILED: ") + what)
                if !condition { failures += 1 }
            }
            let container = MainContainer(dependency: MainRoot())
            check(container.browsingUseCase === container.browsingUseCase, "shared provision: two reads return the same instance")
            check(container.playerViewModel !== container.playerViewModel, "view model provision: a factory by default")
            check(container.clock !== container.clock, "factory provision: a new instance on every read")
            let connectionContainer = container.connectionContainable as? ConnectionContainer
            check(connectionContainer?.browsingUseCase === container.browsingUseCase, "the subtree reads the same shared instance")

            let presenter = RecordingPresenter()
            let listener = AppListener()
            let root = container.coordinator(listener: listener, presenter: presenter)
            root.start()
            check(presenter.shown.count == 1, "start() shows the first screen")
            guard let mainCoordinator = root as? MainCoordinator else {
                check(false, "the root is a MainCoordinator")
                return 1
            }
            weak var child: Coordinatable?
            weak var grandchild: Coordinatable?
            do {
                mainCoordinator.routeToConnection()
                check(root.children.count == 1, "routing adds the child")
                child = root.children.first
                check(child?.presenter === presenter, "the child shows on its parent's presenter")
                (child as? ConnectionCoordinator)?.routeToVideoList()
                grandchild = child?.children.first
                check(grandchild != nil, "the child routes to its own child")
            }
            child?.finish()
            check(root.children.isEmpty, "the finished child told its parent, which removed it")
            check(child == nil, "the finished child coordinator was released")
            check(grandchild == nil, "its own child was finished and released too")
            root.finish()
            check(listener.finished == 1, "finishing the root tells the app's listener")

            let registry = DIContainer()
            registry.registerDependencies()
            // Identities only: the resolved values themselves are not Sendable.
            let viewModels = [registry.resolve(type: PlayerViewModel.self), registry.resolve(type: PlayerViewModel.self)]
                .map { $0.map(ObjectIdentifier.init) }
            check(viewModels[0] != nil && viewModels[0] != viewModels[1], "di-container: a view model is a factory, a new one per resolve")
            let networks = [registry.resolve(type: NetworkProviding.self), registry.resolve(type: NetworkProviding.self)]
                .map { $0.map { ObjectIdentifier($0) } }
            check(networks[0] != nil && networks[0] == networks[1], "di-container: a service is a singleton")
            print(failures == 0 ? "lifecycle: all checks passed" : "lifecycle: \\(failures) check(s) failed")
            return failures == 0 ? 0 : 1
        }

        exit(MainActor.assumeIsolated { runLifecycle() })
        """

    func testGeneratedTreeRunsItsLifecycle() throws {
        guard let swiftc = BuiltInsCompileTests.findSwiftc() else {
            throw RequiredTool.missing("swiftc not found on PATH or in /opt/swift/usr/bin")
        }
        let out = try makeTemporaryFolder("graph-lifecycle")
        defer { try? FileManager.default.removeItem(at: out) }
        try GraphCompileTests.generateTeamTree(access: "internal", in: out, tree: Self.tree, stubs: Self.stubs)
        // The user's own flow file, as a person would edit it.
        try write(Self.mainFlow, to: out.appendingPathComponent("Main/MainCoordinator+Flow.swift"))
        try write(Self.main, to: out.appendingPathComponent("main.swift"))

        let sources = listFiles(out).filter { $0.hasSuffix(".swift") }.map { out.appendingPathComponent($0).path }
        let program = out.appendingPathComponent("lifecycle")
        try BuiltInsCompileTests.run(swiftc, ["-swift-version", "6", "-module-name", "Lifecycle", "-o", program.path] + sources)
        let output = try BuiltInsCompileTests.run(program, [])
        XCTAssertTrue(output.contains("ok: the finished child coordinator was released"), output)
        XCTAssertTrue(output.contains("ok: shared provision: two reads return the same instance"), output)
        XCTAssertTrue(output.contains("ok: di-container: a view model is a factory, a new one per resolve"), output)
        XCTAssertTrue(output.hasSuffix("lifecycle: all checks passed\n"), output)
        XCTAssertFalse(output.contains("FAILED"), output)
    }
}
