{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
extension DIContainer {
{% if services %}
    /// Registers the app's services in dependency order, layer by layer where the graph
    /// allows (providers, repositories, use cases, view models): each one is created once,
    /// after everything its initializer takes, and registered as an instance.
    @MainActor
    public func registerDependencies() {
{% for service in services %}
{% if service.firstInLayer %}
{% if not forloop.first %}

{% endif %}
        // {{ service.layerTitle }}
{% endif %}
        let {{ service.variable }} = {{ service.call }}
        register(type: {{ service.protocol }}.self, instance: {{ service.variable }})
{% endfor %}
    }
{% else %}
    /// Registers the app's dependencies layer by layer, so each layer can resolve the one below:
    /// providers, then repositories, then use cases, then view models.
    /// (Give the template a `services` list to have this body generated in dependency order.)
    @MainActor
    public func registerDependencies() {
        registerProviders()
        registerRepositories()
        registerUseCases()
        registerViewModels()
    }

    /// Network clients, storage, system services.
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

    /// Presentation view models, built from use cases.
    private func registerViewModels() {
        // register(type: ConnectionViewModel.self, factory: { ... })
    }
{% endif %}
}
