#if canImport(UIKit)
import UIKit

/// What a presentation context shows: a view controller.
{{ access }} typealias Screen = UIViewController
#else
/// What a presentation context shows; without UIKit (tests, Linux) any object.
{{ access }} typealias Screen = AnyObject
#endif

/// Where a flow shows its screens: a navigation stack, a modal presenter, a test double.
///
/// Coordinators talk only to this protocol, so they compile and run without UIKit; the app
/// hands the root a UIKit context (`NavigationPresenter`, `ModalPresenter`).
@MainActor
{{ access }} protocol Presenting: AnyObject {
    /// Shows `screen` above what this context shows now; the first one becomes its root.
    func show(_ screen: Screen, animated: Bool)

    /// Removes the screen shown last; does nothing when nothing is shown.
    func dismiss(animated: Bool)
}
