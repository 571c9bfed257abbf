{% for module in imports %}
import {{ module }}
{% if forloop.last %}

{% endif %}
{% endfor %}
/// How a scene comes on screen.
{{ access }} enum SceneTransition: Sendable, Equatable {
    /// Replaces the window's root, inside a new navigation stack.
    case root
    /// Pushes onto the current navigation stack.
    case push
    /// Presents modally over the current scene (the system's default style).
    case modal
    /// Presents modally, covering the whole screen.
    case fullScreen
}

/// Moves between scenes; `Scene` is the platform's screen type (`UIViewController` on UIKit).
@MainActor
{{ access }} protocol SceneCoordinating: AnyObject {
    associatedtype Scene

    /// Shows `scene` using `transition`.
    func transition(to scene: Scene, using transition: SceneTransition, animated: Bool)

    /// Closes the current scene: dismisses it when presented, pops it when pushed.
    func close(animated: Bool)
}
