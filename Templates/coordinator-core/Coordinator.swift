/// Base class of every coordinator: keeps the child flows alive while they run.
///
/// Subclass it, override `start()`, and call `addChild` / `removeChild` as child
/// flows begin and end.
@MainActor
open class Coordinator: Coordinatable {
    /// Flows started by this one and still running, oldest first.
    public private(set) var children: [Coordinatable] = []

    public init() {}

    /// Override to show the flow's first screen. The base does nothing.
    open func start() {}

    /// Finishes every child flow, newest first, then forgets them.
    open func finish() {
        for child in children.reversed() {
            child.finish()
        }
        children.removeAll()
    }

    /// Keeps `child` alive until `removeChild(_:)`. Adding the same child twice has no effect.
    public func addChild(_ child: Coordinatable) {
        guard !children.contains(where: { $0 === child }) else { return }
        children.append(child)
    }

    /// Releases `child`; does nothing when it is not a child of this coordinator.
    public func removeChild(_ child: Coordinatable) {
        children.removeAll { $0 === child }
    }
}
