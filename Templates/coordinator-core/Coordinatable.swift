/// Anything that drives a flow: it starts, finishes, and owns the flows it started.
///
/// Main-actor isolated because a flow's job is presenting UI.
@MainActor
public protocol Coordinatable: AnyObject {
    /// Flows started by this one and still running.
    var children: [Coordinatable] { get }

    /// Starts the flow (creates and shows its first screen).
    func start()

    /// Finishes the flow and every child flow.
    func finish()
}
