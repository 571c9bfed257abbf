import Foundation
import Templates
import TeamflowTestSupport
import XCTest
@testable import Scaffolding

/// Generates every built-in with representative variables and checks the output with `swiftc`
/// (type checks and data-race diagnostics) in the Swift 5 and Swift 6 language modes, once with
/// `access: public` next to public stubs (a separate module) and once with `access: internal`
/// next to internal stubs (a single-target app). One `swiftc` run per configuration.
final class BuiltInsCompileTests: XCTestCase {
    /// (template, values) pairs covering each built-in's options.
    static let representativeRuns: [(template: String, values: [String: TemplateValue])] = [
        ("coordinator-core", [:]),
        ("coordinator", [
            "name": "Connection", "dependencies": ["browsingUseCase: BrowsingUserUseCaseInterface"],
            "children": ["VideoList"], "viewModel": "true",
        ]),
        ("coordinator", ["name": "VideoList", "viewController": "true"]),
        ("coordinator", [
            "name": "Main", "dependencies": ["analytics: AnalyticsTracking", "settingsUseCase: SettingsUseCase"],
            "children": ["Connection", "Settings"], "viewModel": true, "viewController": true,
        ]),
        ("coordinator", ["name": "Settings", "dependencies": ["store: SettingsStore"]]),
        ("di-container", [:]),
        ("viewmodel", [
            "name": "Search", "inputs": ["viewDidLoad", "didTapSearch"],
            "outputs": ["title: String", "results: [String]"], "dependencies": ["searchUseCase: SearchUseCase"],
        ]),
        ("scene-coordinator", [:]),
        ("feature", [
            "name": "Profile", "useCases": ["FetchProfile", "RefreshProfile"],
            "screens": ["Profile", "ProfileEdit"], "module": "App",
        ]),
        ("feature", ["name": "Library", "module": "App"]),
    ]

    /// The app's own types the generated code refers to, plus the root that wires the tree.
    /// `ACCESS ` becomes `public ` or nothing (internal, as a single-target app writes it).
    static let stubs = """
        ACCESS protocol BrowsingUserUseCaseInterface {}
        ACCESS protocol AnalyticsTracking {}
        ACCESS protocol SettingsUseCase {}
        ACCESS protocol SettingsStore {}
        ACCESS protocol SearchUseCase: Sendable {}
        struct Stub: BrowsingUserUseCaseInterface, AnalyticsTracking, SettingsUseCase, SettingsStore, SearchUseCase {}

        /// The app root provides Main's needs; Main's container provides its children's.
        @MainActor
        final class AppRoot: MainDependency {
            var connectionContainable: ConnectionContainable { ConnectionContainer(dependency: MainProvider()) }
            var settingsContainable: SettingsContainable { SettingsContainer(dependency: MainProvider()) }
            var analytics: AnalyticsTracking { Stub() }
            var settingsUseCase: SettingsUseCase { Stub() }
        }

        @MainActor
        final class MainProvider: ConnectionDependency, SettingsDependency, VideoListDependency {
            var videoListContainable: VideoListContainable { VideoListContainer(dependency: self) }
            var browsingUseCase: BrowsingUserUseCaseInterface { Stub() }
            var store: SettingsStore { Stub() }
        }

        final class RootListener: MainListener {
            func mainDidFinish(_ coordinator: MainCoordinatable) {}
        }

        final class NoPresenter: Presenting {
            func show(_ screen: Screen, animated: Bool) {}
            func dismiss(animated: Bool) {}
        }

        @MainActor
        func startApp() -> MainCoordinatable {
            DIContainer.shared.registerDependencies()
            DIContainer.shared.register(type: SearchUseCase.self, instance: Stub())
            let coordinator = MainContainer(dependency: AppRoot()).coordinator(listener: RootListener(), presenter: NoPresenter())
            coordinator.start()
            (coordinator as? MainCoordinator)?.routeToConnection()
            _ = ProfileFlow(assembly: ProfileAssembly())
            _ = DefaultSearchViewModel(searchUseCase: Stub())
            _ = SceneTransition.fullScreen
            return coordinator
        }
        """

    func testEveryBuiltInTypeChecksInSwift5AndSwift6PublicAndInternal() throws {
        guard let swiftc = Self.findSwiftc() else {
            throw RequiredTool.missing("swiftc not found on PATH or in /opt/swift/usr/bin")
        }
        for access in ["public", "internal"] {
            let out = try makeTemporaryFolder("builtins-\(access)")
            defer { try? FileManager.default.removeItem(at: out) }
            let generator = Generator(catalog: try TemplateCatalog())
            var generatedTemplates = Set<String>()
            for run in Self.representativeRuns {
                let values = run.values.merging(["access": .string(access)]) { given, _ in given }
                let plan = try generator.plan(template: run.template, values: values, outDir: out)
                XCTAssertFalse(plan.isEmpty, run.template)
                try generator.write(plan, force: false)
                generatedTemplates.insert(run.template)
            }
            XCTAssertEqual(generatedTemplates, Set(try TemplateCatalog().names), "every built-in is exercised")
            let stubs = Self.stubs.replacingOccurrences(of: "ACCESS ", with: access == "public" ? "public " : "")
            try write(stubs, to: out.appendingPathComponent("Stubs.swift"))

            let container = try read(out.appendingPathComponent("Connection/ConnectionContainer.swift"))
            XCTAssertTrue(container.contains("\(access) protocol ConnectionContainable {"), container)
            XCTAssertTrue(container.contains(
                "func coordinator(listener: ConnectionListener, presenter: Presenting) -> ConnectionCoordinatable"), container)

            let swiftFiles = listFiles(out).filter { $0.hasSuffix(".swift") }
            let sources = swiftFiles.filter { !$0.contains("Tests/") }.map { out.appendingPathComponent($0).path }
            let tests = swiftFiles.filter { $0.contains("Tests/") }.map { out.appendingPathComponent($0).path }
            XCTAssertGreaterThan(sources.count, 20)
            XCTAssertEqual(tests.count, 6, "one test per use case and per screen view model")

            for version in ["5", "6"] {
                // The tests `@testable import App`; compiled inside App that import is ignored
                // (a warning), so one run checks the app and its tests together.
                try Self.run(swiftc, Self.checkArguments(version: version) + sources + tests)
            }
        }
    }

    /// Type-checks and runs the SIL diagnostics, where Swift 6 finds data races (`-typecheck`
    /// alone misses "sending ... risks causing data races"), without generating code.
    static func checkArguments(version: String) -> [String] {
        ["-wmo", "-emit-sil", "-o", "/dev/null", "-swift-version", version, "-module-name", "App"]
    }

    static func findSwiftc() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// Runs `swiftc` (or a program it built, or `swift build`); fails with its output when it
    /// exits non-zero or reports errors. `environment` replaces the inherited one when given.
    /// Returns the output.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(executable.lastPathComponent) \(arguments.prefix(3).joined(separator: " ")):\n\(output)",
                       file: file, line: line)
        XCTAssertFalse(output.contains("error:"), output, file: file, line: line)
        return output
    }
}
