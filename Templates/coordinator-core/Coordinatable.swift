/// Anything that drives a flow: it starts, finishes, and owns the flows it started.
///
/// Main-actor isolated because a flow's job is presenting UI.
@MainActor
{{ access }} protocol Coordinatable: AnyObject {
    /// Flows started by this one and still running.
    var children: [Coordinatable] { get }

    /// Where this flow shows its screens.
    var presenter: Presenting { get }

    /// Starts the flow: shows its first screen on `presenter`.
    func start()

    /// Finishes the flow and every child flow; a node's coordinator then tells its listener,
    /// which releases it.
    func finish()
}
