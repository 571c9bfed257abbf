{% for module in imports %}
import {{ module }}
{% endfor %}
import Foundation

/// A type-keyed registry: register an instance (a singleton) or a factory for a type, resolve it anywhere.
///
/// Thread safety: every access to the table goes through `lock`, so registering and
/// resolving from any thread or actor is safe. That is why the class may promise
/// `Sendable` by hand (`@unchecked`): the compiler cannot see a lock. `NSLock` is used
/// rather than `Synchronization.Mutex` because Mutex needs iOS 18 / macOS 15.
/// Factories run outside the lock, so a factory may itself resolve other types.
/// Values handed out are shared as they are: register `Sendable` values (or
/// main-actor types) when they are resolved from several isolation domains.
{{ access }} final class DIContainer: @unchecked Sendable {
    /// The app's container.
    {{ access }} static let shared = DIContainer()

    private enum Entry {
        case instance(Any)
        case factory(() -> Any)
        case mainActorFactory(@MainActor () -> Any)
    }

    /// A value made on the main thread and handed back on it; it never crosses threads,
    /// which is what lets it out of `MainActor.assumeIsolated`.
    private struct MainThreadValue: @unchecked Sendable {
        let value: Any
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    {{ access }} init() {}

    /// Registers `instance` as the value of `type`: every `resolve(type:)` returns this one
    /// instance (a singleton). Replaces any earlier registration.
    {{ access }} func register<T>(type: T.Type, instance: T) {
        store(.instance(instance), for: type)
    }

    /// Registers a factory called on every `resolve(type:)`, replacing any earlier registration.
    {{ access }} func register<T>(type: T.Type, factory: @escaping @Sendable () -> T) {
        store(.factory { factory() }, for: type)
    }

    /// Registers a main-actor factory (view models are main-actor types): called on every
    /// `resolve(type:)` made on the main thread, so each screen gets a new instance; resolving
    /// it from another thread returns nil. Replaces any earlier registration.
    @MainActor
    {{ access }} func register<T>(type: T.Type, mainActorFactory: @escaping @MainActor () -> T) {
        store(.mainActorFactory { mainActorFactory() }, for: type)
    }

    /// The value registered for `type`, or nil when nothing is registered.
    {{ access }} func resolve<T>(type: T.Type) -> T? {
        lock.lock()
        let entry = entries[ObjectIdentifier(type)]
        lock.unlock()
        switch entry {
        case .instance(let value):
            return value as? T
        case .factory(let make):
            return make() as? T
        case .mainActorFactory(let make):
            guard Thread.isMainThread else { return nil }
            return MainActor.assumeIsolated { MainThreadValue(value: make()) }.value as? T
        case nil:
            return nil
        }
    }

    /// Removes every registration (useful between tests).
    {{ access }} func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }

    private func store<T>(_ entry: Entry, for type: T.Type) {
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(type)] = entry
    }
}
