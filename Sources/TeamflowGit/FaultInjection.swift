import Foundation
import TeamflowCore

/// A test hook: `TEAMFLOW_TEST_FAULT=<step>[:fail|:kill]` makes the store fail (exit 1 with an
/// "injected fault" error) or die by `SIGKILL` at a named step of a write, so tests can prove
/// that a write interrupted anywhere leaves the ref, the reflog, the objects and the cache
/// consistent. Unset (always, outside tests), each check is one comparison with nil.
public enum FaultStep: String, CaseIterable, Sendable {
    /// After the event blobs are written.
    case afterBlob = "after-blob"
    /// After the trees are written.
    case afterTree = "after-tree"
    /// After the commit is written, before anything checks it.
    case afterCommit = "after-commit"
    /// Right before the compare-and-swap of the ref.
    case beforeRef = "before-ref"
    /// Right after the ref moved, before the cache hears of it.
    case afterRef = "after-ref"
    /// Halfway through writing a journal record (a torn record).
    case journal = "journal"
}

enum FaultInjection {
    enum Action: String { case fail, kill }

    /// The planned fault, read once from the environment (with `getenv`: Foundation's
    /// `ProcessInfo.environment` copies the whole environment into a dictionary, ~340,000
    /// instructions of every write).
    static let planned: (step: FaultStep, action: Action)? = {
        guard let value = getenv("TEAMFLOW_TEST_FAULT") else { return nil }
        let text = String(cString: value)
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let step = FaultStep(rawValue: parts[0]) else { return nil }
        let action = parts.count > 1 ? Action(rawValue: parts[1]) ?? .kill : .kill
        return (step, action)
    }()

    /// Whether the planned fault is at `step`.
    static func isPlanned(_ step: FaultStep) -> Bool {
        planned?.step == step
    }

    /// Fails or dies here when the planned fault is at `step`.
    static func hit(_ step: FaultStep) throws {
        guard let planned, planned.step == step else { return }
        switch planned.action {
        case .kill: kill(getpid(), SIGKILL)
        case .fail: throw TeamflowError(.failure, "injected fault at \(step.rawValue)")
        }
    }
}
