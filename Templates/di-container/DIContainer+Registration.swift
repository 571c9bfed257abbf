{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
extension DIContainer {
    /// Registers the app's dependencies layer by layer, so each layer can resolve the one below:
    /// providers, then repositories, then use cases, then view models.
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
}
