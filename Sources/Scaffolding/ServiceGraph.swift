import Templates

/// One service of a DI services manifest: the type built, the type it is registered as,
/// and what its initializer takes (`label: RegisteredType` each).
public struct ServiceDefinition: Sendable, Equatable {
    /// Registration layers, in the order the team registers them.
    public enum Layer: String, Sendable, CaseIterable {
        case provider, repository, useCase, viewModel

        var title: String {
            switch self {
            case .provider: return "Providers"
            case .repository: return "Repositories"
            case .useCase: return "Use cases"
            case .viewModel: return "View models"
            }
        }

        /// From the names when not given: ...ViewModel, ...UseCase, ...Repository, else a provider.
        static func inferred(type: String, registeredAs: String) -> Layer {
            let names = type + " " + registeredAs
            if names.contains("ViewModel") { return .viewModel }
            if names.contains("UseCase") { return .useCase }
            if names.contains("Repository") { return .repository }
            return .provider
        }
    }

    public let type: String
    public let registeredAs: String
    public let layer: Layer
    /// Initializer arguments: label and the registered type passed for it.
    public let arguments: [(label: String, type: String)]
    // Singletons and factories.
    /// `shared` (one instance, registered as such) or `factory` (a new one on every resolve);
    /// by default view models are factories and everything else shared.
    public let scope: ProvisionScope

    public init(type: String, registeredAs: String? = nil, layer: Layer? = nil, arguments: [(label: String, type: String)] = [],
                scope: ProvisionScope? = nil) {
        self.type = type
        self.registeredAs = registeredAs ?? type
        self.layer = layer ?? Layer.inferred(type: type, registeredAs: registeredAs ?? type)
        self.arguments = arguments
        self.scope = scope ?? (self.layer == .viewModel ? .factory : .shared)
    }

    /// The service as the `di-container` template's `services` items are written
    /// (`type`, `as`, `layer`, `scope`, `init`), so `generate graph` hands the template
    /// exactly what a services file would.
    var templateValue: TemplateValue {
        .dictionary([
            "type": .string(type),
            "as": .string(registeredAs),
            "layer": .string(layer.rawValue),
            "scope": .string(scope.rawValue),
            "init": .array(arguments.map { .string("\($0.label): \($0.type)") }),
        ])
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.type == rhs.type && lhs.registeredAs == rhs.registeredAs && lhs.layer == rhs.layer && lhs.scope == rhs.scope
            && lhs.arguments.map(\.label) == rhs.arguments.map(\.label) && lhs.arguments.map(\.type) == rhs.arguments.map(\.type)
    }
}

/// Orders services so every dependency is registered before its users: layer by layer
/// (providers, repositories, use cases, view models) where the graph allows, by name
/// within a layer. Reports every unregistered dependency, duplicate registration and cycle.
public enum ServiceGraph {
    public static func ordered(_ services: [ServiceDefinition]) throws -> [ServiceDefinition] {
        var problems: [String] = []
        var byRegistration: [String: Int] = [:]
        for (index, service) in services.enumerated() {
            if let first = byRegistration[service.registeredAs] {
                problems.append("\(service.registeredAs) is registered twice (by \(services[first].type) and \(service.type))")
            } else {
                byRegistration[service.registeredAs] = index
            }
        }
        var dependencies: [[Int]] = services.map { _ in [] }
        for (index, service) in services.enumerated() {
            for argument in service.arguments {
                if let provider = byRegistration[argument.type] {
                    dependencies[index].append(provider)
                } else {
                    problems.append("\(service.type) needs \(argument.type) (\(argument.label):), which no service registers")
                }
            }
        }
        guard problems.isEmpty else { throw ScaffoldingError.invalidServices(problems: problems) }

        // Kahn's algorithm; among the ready services the earliest layer, then the name, goes first.
        var remaining = dependencies.map { Set($0).count }
        var users: [[Int]] = services.map { _ in [] }
        for (index, needs) in dependencies.enumerated() { for need in Set(needs) { users[need].append(index) } }
        func rank(_ index: Int) -> (Int, String, String) {
            let service = services[index]
            return (ServiceDefinition.Layer.allCases.firstIndex(of: service.layer) ?? 0, service.type, service.registeredAs)
        }
        // Ranks never change, so they are compared once, as positions; the ready services wait
        // in a heap, which keeps a long (possibly hostile) list to n log n work.
        var position = [Int](repeating: 0, count: services.count)
        for (place, index) in services.indices.sorted(by: { rank($0) < rank($1) }).enumerated() { position[index] = place }
        var ready = MinHeap(priority: position)
        for index in services.indices where remaining[index] == 0 { ready.push(index) }
        var order: [Int] = []
        while let next = ready.pop() {
            order.append(next)
            for user in users[next] {
                remaining[user] -= 1
                if remaining[user] == 0 { ready.push(user) }
            }
        }
        guard order.count == services.count else {
            throw ScaffoldingError.invalidServices(problems: cycles(dependencies, services: services, left: Set(services.indices).subtracting(order)))
        }
        return order.map { services[$0] }
    }

    /// One spelled-out cycle per strongly tangled group, e.g. `A -> B -> A`.
    private static func cycles(_ dependencies: [[Int]], services: [ServiceDefinition], left: Set<Int>) -> [String] {
        var reported = Set<Int>()
        var messages: [String] = []
        for start in left.sorted(by: { services[$0].type < services[$1].type }) where !reported.contains(start) {
            // Follow dependencies inside the stuck set until a service repeats (or one already
            // reported is reached); positions in the path are kept so each step costs O(1).
            var path = [start]
            var placeInPath = [start: 0]
            var current = start
            while let next = dependencies[current].first(where: { left.contains($0) }), !reported.contains(next) {
                if let loopStart = placeInPath[next] {
                    let loop = Array(path[loopStart...]) + [next]
                    messages.append("dependency cycle: " + loop.map { services[$0].type }.joined(separator: " -> "))
                    break
                }
                placeInPath[next] = path.count
                path.append(next)
                current = next
            }
            reported.formUnion(path)
        }
        return messages
    }

    /// Services from a template value (the `services` variable): a list of mappings with
    /// `type`, optional `as`, `layer` and `init` (a list of `label: RegisteredType`).
    static func definitions(from value: TemplateValue, variable: String) throws -> [ServiceDefinition] {
        guard case .array(let items) = value else { return [] }
        return try items.map { item in
            guard case .dictionary(let fields) = item, case .string(let type)? = fields["type"], SwiftIdentifier.isValid(type) else {
                throw ScaffoldingError.invalidValue(variable: variable, value: VariableResolver.text(of: item),
                                                    expected: "a mapping with `type` (and optional `as`, `layer`, `init`)")
            }
            var registeredAs: String?
            if case .string(let text)? = fields["as"] {
                // A type as written in Swift (`any Foo`, `Foo<Bar>`), but on one line: it is spliced into generated code.
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty, !text.contains(where: \.isNewline) else {
                    throw ScaffoldingError.invalidValue(variable: variable, value: text, expected: "a type name on one line for `as`")
                }
                registeredAs = text.trimmingCharacters(in: .whitespaces)
            }
            var layer: ServiceDefinition.Layer?
            if case .string(let text)? = fields["layer"] {
                guard let parsed = ServiceDefinition.Layer(rawValue: text) else {
                    throw ScaffoldingError.invalidValue(variable: variable, value: text, expected: "provider, repository, useCase or viewModel")
                }
                layer = parsed
            }
            var scope: ProvisionScope?
            if case .string(let text)? = fields["scope"] {
                guard let parsed = ProvisionScope(rawValue: text) else {
                    throw ScaffoldingError.invalidValue(variable: variable, value: text, expected: "shared or factory")
                }
                scope = parsed
            }
            var arguments: [(label: String, type: String)] = []
            if case .array(let entries)? = fields["init"] {
                for entry in entries {
                    var text = VariableResolver.text(of: entry)
                    if case .dictionary(let pair) = entry, pair.count == 1, let (key, value) = pair.first { text = "\(key): \(VariableResolver.text(of: value))" }
                    guard let (label, argumentType, _) = GraphManifest.split(text), SwiftIdentifier.isValid(label) else {
                        throw ScaffoldingError.invalidValue(variable: variable, value: text, expected: "label: RegisteredType")
                    }
                    arguments.append((label, argumentType))
                }
            }
            return ServiceDefinition(type: type, registeredAs: registeredAs, layer: layer, arguments: arguments, scope: scope)
        }
    }

    /// The local names `registerDependencies()` gives each registered type, for ordered
    /// services: `variable` (a shared instance) and `maker` (a factory's closure, `makeX`).
    /// `generate graph` uses the same names to build the tree's root from the same instances.
    static func localNames(_ services: [ServiceDefinition]) -> [String: (variable: String, maker: String)] {
        var names: [String: (variable: String, maker: String)] = [:]
        // `rootDependency` is the local the graph's registration builds its root into.
        var used: Set<String> = ["rootDependency"]
        for service in services {
            var name = ItemShapes.lowerFirst(service.type)
            var suffix = 2
            while used.contains(name) || SwiftIdentifier.keywords.contains(name) { name = ItemShapes.lowerFirst(service.type) + "\(suffix)"; suffix += 1 }
            used.insert(name)
            names[service.registeredAs] = (name, "make" + ItemShapes.upperFirst(name))
        }
        return names
    }

    /// The ordered services as template values: `type`, `protocol`, `variable`, `call`,
    /// `layer`, `layerTitle`, `firstInLayer` (true where the layer changes), `factory` and
    /// `maker` (a factory's local closure, `makeX`, which its users call).
    static func shaped(_ services: [ServiceDefinition]) -> TemplateValue {
        let names = localNames(services)
        var previous: ServiceDefinition.Layer?
        // What a user passes for each registered type: the shared instance's variable, or a
        // fresh instance from a factory's maker (services come in dependency order).
        var values: [String: String] = [:]
        return .array(services.map { service in
            let arguments = service.arguments.map { "\($0.label): \(values[$0.type] ?? $0.label)" }.joined(separator: ", ")
            let variable = names[service.registeredAs]?.variable ?? ItemShapes.lowerFirst(service.type)
            let maker = names[service.registeredAs]?.maker ?? "make" + ItemShapes.upperFirst(variable)
            values[service.registeredAs] = service.scope == .factory ? maker + "()" : variable
            defer { previous = service.layer }
            return .dictionary([
                "type": .string(service.type),
                "protocol": .string(service.registeredAs),
                "variable": .string(variable),
                "call": .string("\(service.type)(\(arguments))"),
                "factory": .bool(service.scope == .factory),
                "maker": .string(maker),
                "layer": .string(service.layer.rawValue),
                "layerTitle": .string(service.layer.title),
                "firstInLayer": .bool(previous != service.layer),
            ])
        })
    }
}

/// A binary min-heap of indices ordered by a fixed priority (lower first).
private struct MinHeap {
    let priority: [Int]
    private var items: [Int] = []

    init(priority: [Int]) { self.priority = priority }

    mutating func push(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard priority[items[child]] < priority[items[parent]] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, priority[items[left]] < priority[items[smallest]] { smallest = left }
                if right < items.count, priority[items[right]] < priority[items[smallest]] { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }
}
