{% set open %}{% if access == "public" %}open{% else %}internal{% endif %}{% endset %}
/// Base class of every node's container: holds what the node needs from its parent and the
/// shared instances it provides.
///
/// `Dependency` is the node's dependency protocol (`<Node>Dependency`); the parent's
/// container conforms to it, so the tree wires itself without a global registry.
@MainActor
{{ open }} class Container<Dependency> {
    /// What the parent provides to this node.
    {{ access }} let dependency: Dependency

    /// Shared provisions made so far, by name.
    private var sharedInstances: [String: Any] = [:]

    {{ access }} init(dependency: Dependency) {
        self.dependency = dependency
    }

    /// The container's one instance of a provision: `make` runs on the first read only and
    /// the result is kept for the container's lifetime. `key` defaults to the calling
    /// property's name, so `var player: Player { shared { AVPlayer() } }` needs nothing else.
    {{ access }} final func shared<Value>(_ key: String = #function, _ make: () -> Value) -> Value {
        if let instance = sharedInstances[key] as? Value {
            return instance
        }
        let instance = make()
        sharedInstances[key] = instance
        return instance
    }
}
