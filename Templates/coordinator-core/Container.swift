/// Base class of every node's container: holds what the node needs from its parent.
///
/// `Dependency` is the node's dependency protocol (`<Node>Dependency`); the parent's
/// container conforms to it, so the tree wires itself without a global registry.
@MainActor
open class Container<Dependency> {
    /// What the parent provides to this node.
    public let dependency: Dependency

    public init(dependency: Dependency) {
        self.dependency = dependency
    }
}
