#if canImport(UIKit)
import UIKit

/// Shows screens on a navigation stack: the first becomes its root, later ones are pushed.
@MainActor
{{ access }} final class NavigationPresenter: Presenting {
    /// The stack screens go on; put it in a window or present it.
    {{ access }} let navigationController: UINavigationController

    {{ access }} init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    {{ access }} func show(_ screen: Screen, animated: Bool) {
        if navigationController.viewControllers.isEmpty {
            navigationController.setViewControllers([screen], animated: false)
        } else {
            navigationController.pushViewController(screen, animated: animated)
        }
    }

    {{ access }} func dismiss(animated: Bool) {
        if navigationController.viewControllers.count > 1 {
            navigationController.popViewController(animated: animated)
        } else {
            navigationController.setViewControllers([], animated: false)
        }
    }
}
#endif
