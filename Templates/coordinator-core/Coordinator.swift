{% set open %}{% if access == "public" %}open{% else %}internal{% endif %}{% endset %}
/// Base class of every coordinator: keeps the child flows alive while they run.
///
/// Subclass it, override `start()`, and call `addChild` / `removeChild` as child
/// flows begin and end. Generated coordinators do both: a route adds the child, and the
/// child's `finish()` tells its listener (the parent), which removes it, so nothing leaks.
@MainActor
{{ open }} class Coordinator: Coordinatable {
    /// Flows started by this one and still running, oldest first.
    {{ access }} private(set) var children: [Coordinatable] = []

    /// Where this flow shows its screens; routes hand it to child flows unless told otherwise.
    {{ access }} let presenter: Presenting

    {{ access }} init(presenter: Presenting) {
        self.presenter = presenter
    }

    /// Override to show the flow's first screen. The base does nothing.
    {{ open }} func start() {}

    /// Finishes every child flow, newest first, then forgets them.
    {{ open }} func finish() {
        // `children` is copied here, so children removing themselves meanwhile is safe.
        for child in children.reversed() {
            child.finish()
        }
        children.removeAll()
    }

    /// Keeps `child` alive until `removeChild(_:)`. Adding the same child twice has no effect.
    {{ access }} func addChild(_ child: Coordinatable) {
        guard !children.contains(where: { $0 === child }) else { return }
        children.append(child)
    }

    /// Releases `child`; does nothing when it is not a child of this coordinator.
    {{ access }} func removeChild(_ child: Coordinatable) {
        children.removeAll { $0 === child }
    }
}
