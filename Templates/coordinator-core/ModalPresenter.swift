#if canImport(UIKit)
import UIKit

/// Shows screens modally: the first over `base`, each later one over the one before.
@MainActor
{{ access }} final class ModalPresenter: Presenting {
    /// Weak: the screen underneath belongs to whoever showed it.
    private weak var base: UIViewController?

    {{ access }} init(over base: UIViewController) {
        self.base = base
    }

    {{ access }} func show(_ screen: Screen, animated: Bool) {
        guard let base else { return }
        Self.top(above: base).present(screen, animated: animated)
    }

    {{ access }} func dismiss(animated: Bool) {
        guard let base else { return }
        let top = Self.top(above: base)
        guard top !== base else { return }
        top.dismiss(animated: animated)
    }

    /// The screen presented last over `base` (or `base` itself).
    private static func top(above base: UIViewController) -> UIViewController {
        var top = base
        while let presented = top.presentedViewController {
            top = presented
        }
        return top
    }
}
#endif
