import Templates
import XCTest
@testable import Scaffolding

/// A reproducible shuffle (SplitMix64), so the "random order" is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class ServiceGraphTests: XCTestCase {
    /// 30 services in four layers, each depending on a few of the layer below (and some on their own layer).
    static func thirtyServices() -> [ServiceDefinition] {
        var services: [ServiceDefinition] = []
        for i in 0..<6 {
            services.append(ServiceDefinition(type: "Provider\(i)", registeredAs: "Providing\(i)",
                                              arguments: i > 0 ? [("base", "Providing\(i - 1)")] : []))
        }
        for i in 0..<8 {
            services.append(ServiceDefinition(type: "Repository\(i)", registeredAs: "RepositoryInterface\(i)",
                                              arguments: [("provider", "Providing\(i % 6)"), ("other", "Providing\((i + 2) % 6)")]))
        }
        for i in 0..<8 {
            var arguments = [("repository", "RepositoryInterface\(i)")]
            if i > 0 { arguments.append(("helper", "UseCaseInterface\(i - 1)")) }
            services.append(ServiceDefinition(type: "UseCase\(i)", registeredAs: "UseCaseInterface\(i)", arguments: arguments))
        }
        for i in 0..<8 {
            services.append(ServiceDefinition(type: "ViewModel\(i)",
                                              arguments: [("usecase", "UseCaseInterface\(7 - i)"), ("tracker", "Providing\(i % 6)")]))
        }
        return services
    }

    func testThirtyShuffledServicesRegisterDependenciesFirst() throws {
        var generator = SeededGenerator(state: 47)
        for _ in 0..<20 {
            let services = Self.thirtyServices().shuffled(using: &generator)
            XCTAssertEqual(services.count, 30)
            let order = try ServiceGraph.ordered(services)
            XCTAssertEqual(order.count, 30)
            let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element.registeredAs, $0.offset) })
            for (index, service) in order.enumerated() {
                for argument in service.arguments {
                    XCTAssertLessThan(position[argument.type] ?? .max, index, "\(argument.type) before \(service.type)")
                }
            }
            // The graph allows strict layering here, so layers come out in the team's order.
            let layers = order.map { ServiceDefinition.Layer.allCases.firstIndex(of: $0.layer) ?? 0 }
            XCTAssertEqual(layers, layers.sorted())
            XCTAssertEqual(order, try ServiceGraph.ordered(Self.thirtyServices()), "independent of input order")
        }
    }

    func testCycleIsSpelledOut() {
        let services = [
            ServiceDefinition(type: "A", arguments: [("b", "B")]),
            ServiceDefinition(type: "B", arguments: [("c", "C")]),
            ServiceDefinition(type: "C", arguments: [("a", "A")]),
            ServiceDefinition(type: "D"),
        ]
        XCTAssertThrowsError(try ServiceGraph.ordered(services)) { error in
            XCTAssertEqual(error as? ScaffoldingError, .invalidServices(problems: ["dependency cycle: A -> B -> C -> A"]))
        }
    }

    func testUnregisteredAndDuplicateAreAllNamed() {
        let services = [
            ServiceDefinition(type: "BrowsingUserUseCase", registeredAs: "BrowsingUserUseCaseInterface",
                              arguments: [("repository", "BrowsingUserRepositoryInterface")]),
            ServiceDefinition(type: "OtherUseCase", registeredAs: "BrowsingUserUseCaseInterface"),
        ]
        XCTAssertThrowsError(try ServiceGraph.ordered(services)) { error in
            XCTAssertEqual("\(error)", """
                the services cannot be registered:
                  BrowsingUserUseCaseInterface is registered twice (by BrowsingUserUseCase and OtherUseCase)
                  BrowsingUserUseCase needs BrowsingUserRepositoryInterface (repository:), which no service registers
                """)
        }
    }

    func testDIContainerTemplateRendersRegistrationInOrder() throws {
        let yaml = """
            services:
              - type: ConnectionViewModel
                init: ["usecase: BrowsingUserUseCaseInterface"]
              - type: BrowsingUserUseCase
                as: BrowsingUserUseCaseInterface
                init:
                  - repository: BrowsingUserRepositoryInterface
              - {type: BrowsingUserRepository, as: BrowsingUserRepositoryInterface, init: ["network: NetworkProviding"]}
              - {type: NetworkProvider, as: NetworkProviding}
            """
        let generator = Generator(catalog: try TemplateCatalog())
        let manifest = try TemplateCatalog().template(named: "di-container").manifest
        let values = try VariableValues.collect(for: manifest, assignments: [], valuesYAML: yaml)
        let plan = try generator.plan(template: "di-container", values: values, outDir: URL(fileURLWithPath: "/nonexistent-\(UUID())"))
        let registration = try XCTUnwrap(plan.first { $0.path == "DIContainer+Registration.swift" }).contents
        XCTAssertTrue(registration.contains("""
                    // Providers
                    let networkProvider = NetworkProvider()

                    // Repositories
                    let browsingUserRepository = BrowsingUserRepository(network: networkProvider)

                    // Use cases
                    let browsingUserUseCase = BrowsingUserUseCase(repository: browsingUserRepository)

                    // View models
                    let makeConnectionViewModel: @MainActor () -> ConnectionViewModel = { ConnectionViewModel(usecase: browsingUserUseCase) }

                    // Registered after every factory captured what it needs: a value handed to the
                    // container first would count as shared with it, and Swift 6 refuses to capture it then.
                    register(type: NetworkProviding.self, instance: networkProvider)
                    register(type: BrowsingUserRepositoryInterface.self, instance: browsingUserRepository)
                    register(type: BrowsingUserUseCaseInterface.self, instance: browsingUserUseCase)
                    register(type: ConnectionViewModel.self, mainActorFactory: makeConnectionViewModel)
                }
            """), registration)
    }

    /// View models default to factories, the rest to shared instances; `scope` overrides both,
    /// and a factory's users call its maker for a fresh instance.
    func testScopesDefaultByLayerAndCanBeGiven() throws {
        let yaml = """
            services:
              - {type: Clock, scope: factory}
              - {type: PlayerViewModel, init: ["clock: Clock"]}
              - {type: SettingsViewModel, scope: shared, init: ["clock: Clock"]}
            """
        let manifest = try TemplateCatalog().template(named: "di-container").manifest
        let values = try VariableValues.collect(for: manifest, assignments: [], valuesYAML: yaml)
        let plan = try Generator(catalog: try TemplateCatalog()).plan(
            template: "di-container", values: values, outDir: URL(fileURLWithPath: "/nonexistent-\(UUID())"))
        let registration = try XCTUnwrap(plan.first { $0.path == "DIContainer+Registration.swift" }).contents
        XCTAssertTrue(registration.contains("""
                    let makeClock: @MainActor () -> Clock = { Clock() }
            """), registration)
        XCTAssertTrue(registration.contains("""
                    let makePlayerViewModel: @MainActor () -> PlayerViewModel = { PlayerViewModel(clock: makeClock()) }
                    let settingsViewModel = SettingsViewModel(clock: makeClock())
            """), registration)
        XCTAssertTrue(registration.contains("""
                    register(type: Clock.self, mainActorFactory: makeClock)
                    register(type: PlayerViewModel.self, mainActorFactory: makePlayerViewModel)
                    register(type: SettingsViewModel.self, instance: settingsViewModel)
            """), registration)
        XCTAssertEqual(ServiceDefinition(type: "ConnectionViewModel").scope, .factory)
        XCTAssertEqual(ServiceDefinition(type: "NetworkProvider").scope, .shared)
        let bad = try VariableValues.collect(for: manifest, assignments: [], valuesYAML: "services:\n  - {type: A, scope: once}\n")
        XCTAssertThrowsError(try Generator(catalog: try TemplateCatalog()).plan(
            template: "di-container", values: bad, outDir: URL(fileURLWithPath: "/nonexistent-\(UUID())"))) { error in
            XCTAssertEqual(error as? ScaffoldingError, .invalidValue(variable: "services", value: "once", expected: "shared or factory"))
        }
    }

    /// A manifest is a teammate's file: long chains and one long cycle are ordered or reported
    /// in n log n work (every ready service was sorted again per step before, which a list of
    /// tens of thousands turned into minutes).
    func testLongChainsAndALongCycleStayCheap() throws {
        let count = 20_000
        let chain = (0..<count).map { index in
            ServiceDefinition(type: "S\(index)", arguments: index == 0 ? [] : [("previous", "S\(index - 1)")])
        }
        let ordered = try ServiceGraph.ordered(chain.reversed())
        XCTAssertEqual(ordered.first?.type, "S0")
        XCTAssertEqual(ordered.last?.type, "S\(count - 1)")
        let loop = (0..<count).map { index in ServiceDefinition(type: "S\(index)", arguments: [("next", "S\((index + 1) % count)")]) }
        XCTAssertThrowsError(try ServiceGraph.ordered(loop)) { error in
            guard case .invalidServices(let problems)? = error as? ScaffoldingError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.count, 1)
            XCTAssertTrue(problems.first?.hasPrefix("dependency cycle: S0 -> S1 -> S2 -> ") ?? false)
        }
    }
}
