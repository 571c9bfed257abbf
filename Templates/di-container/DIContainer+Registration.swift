{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
extension DIContainer {
{% if services %}
    /// Registers the app's services in dependency order, layer by layer where the graph
    /// allows (providers, repositories, use cases, view models). A shared service is created
    /// once, after everything its initializer takes, and registered as an instance (a
    /// singleton); a factory (view models, unless told otherwise) makes a new one on every resolve.
{% if root %}
    /// Returns the coordinator tree's root dependency, built from the same instances.
{% endif %}
    @MainActor
{% if root %}
    @discardableResult
    {{ access }} func registerDependencies() -> {{ root }} {
{% else %}
    {{ access }} func registerDependencies() {
{% endif %}
{% for service in services %}
{% if service.firstInLayer %}
{% if not forloop.first %}

{% endif %}
        // {{ service.layerTitle }}
{% endif %}
{% if service.factory %}
        let {{ service.maker }}: @MainActor () -> {{ service.type }} = { {{ service.call }} }
{% else %}
        let {{ service.variable }} = {{ service.call }}
{% endif %}
{% endfor %}
{% if root %}

        // The tree's root, handed the same instances and makers as the registrations below.
        let rootDependency = {{ rootCall }}
{% endif %}

        // Registered after every factory captured what it needs: a value handed to the
        // container first would count as shared with it, and Swift 6 refuses to capture it then.
{% for service in services %}
{% if service.factory %}
        register(type: {{ service.protocol }}.self, mainActorFactory: {{ service.maker }})
{% else %}
        register(type: {{ service.protocol }}.self, instance: {{ service.variable }})
{% endif %}
{% endfor %}
{% if root %}
        return rootDependency
{% endif %}
    }
{% else %}
    /// Registers the app's dependencies layer by layer, so each layer can resolve the one below:
    /// providers, then repositories, then use cases, then view models.
    /// (Give the template a `services` list to have this body generated in dependency order.)
    @MainActor
    {{ access }} func registerDependencies() {
        registerProviders()
        registerRepositories()
        registerUseCases()
        registerViewModels()
    }

    /// Network clients, storage, system services: shared instances (singletons).
    private func registerProviders() {
        // register(type: NetworkProviding.self, instance: NetworkProvider())
    }

    /// Data-layer repositories, built from providers.
    private func registerRepositories() {
        // register(type: UserRepositoryInterface.self, factory: { UserRepository() })
    }

    /// Domain use cases, built from repositories.
    private func registerUseCases() {
        // register(type: BrowsingUserUseCaseInterface.self, factory: { ... })
    }

    /// Presentation view models, built from use cases: factories, a new one per screen.
    private func registerViewModels() {
        // register(type: ConnectionViewModel.self, mainActorFactory: { ConnectionViewModel(...) })
    }
{% endif %}
}
