import Foundation

/// A test hook like the event store's: `TEAMFLOW_TEST_FAULT=output-staged` kills the process
/// (`SIGKILL`) once every file of an owned-folder write is staged, `output-moving` halfway
/// through moving them into place, so tests can prove a killed export leaves nothing in its
/// folder. Unset (always, outside tests), each check is one comparison with nil.
enum OutputFault: String {
    case staged = "output-staged"
    case moving = "output-moving"

    static let planned: OutputFault? = ProcessInfo.processInfo.environment["TEAMFLOW_TEST_FAULT"].flatMap(OutputFault.init(rawValue:))

    /// Dies here when the planned fault is this one.
    func hit() {
        if Self.planned == self { kill(getpid(), SIGKILL) }
    }
}
