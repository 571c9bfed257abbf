#if canImport(UIKit)
{% for module in imports %}
import {{ module }}
{% endfor %}
import UIKit

/// Drives a window's scenes and remembers which one is on top.
@MainActor
{{ access }} final class SceneCoordinator: SceneCoordinating {
    private let window: UIWindow
    /// The scene on top, as the user sees it (never a navigation controller itself).
    {{ access }} private(set) var currentViewController: UIViewController?

    {{ access }} init(window: UIWindow) {
        self.window = window
    }

    {{ access }} func transition(to scene: UIViewController, using transition: SceneTransition, animated: Bool) {
        switch transition {
        case .root:
            let root = scene as? UINavigationController ?? UINavigationController(rootViewController: scene)
            window.rootViewController = root
            window.makeKeyAndVisible()
        case .push:
            // Without a navigation stack a push cannot happen; present instead of crashing.
            guard let navigationController = currentViewController?.navigationController else {
                present(scene, style: .automatic, animated: animated)
                return
            }
            navigationController.pushViewController(scene, animated: animated)
        case .modal:
            present(scene, style: .automatic, animated: animated)
            return
        case .fullScreen:
            present(scene, style: .fullScreen, animated: animated)
            return
        }
        currentViewController = Self.visible(scene)
    }

    {{ access }} func close(animated: Bool) {
        guard let current = currentViewController else { return }
        if let navigationController = current.navigationController,
           navigationController.viewControllers.count > 1 {
            navigationController.popViewController(animated: animated)
            currentViewController = navigationController.topViewController.map { Self.visible($0) }
        } else if let presenter = current.presentingViewController {
            current.dismiss(animated: animated)
            currentViewController = Self.visible(presenter)
        }
    }

    private func present(_ scene: UIViewController, style: UIModalPresentationStyle, animated: Bool) {
        guard let presenter = currentViewController ?? window.rootViewController else {
            // Nothing on screen yet: the scene becomes the root.
            transition(to: scene, using: .root, animated: animated)
            return
        }
        scene.modalPresentationStyle = style
        presenter.present(scene, animated: animated)
        currentViewController = Self.visible(scene)
    }

    /// The screen the user actually sees inside `viewController`.
    private static func visible(_ viewController: UIViewController) -> UIViewController {
        if let navigationController = viewController as? UINavigationController,
           let top = navigationController.topViewController {
            return top
        }
        return viewController
    }
}
#endif
