import Foundation

/// One file `Generator.plan` would write.
public struct PlannedFile: Sendable, Equatable {
    /// What writing the file would do.
    public enum Action: String, Sendable, Equatable {
        /// No file there yet.
        case create
        /// A file with other contents is there; writing needs `force`.
        case overwrite
        /// The same contents are already there; nothing to write.
        case unchanged
    }

    /// Path relative to the output folder, `/`-separated.
    public let path: String
    /// The output folder the path is relative to.
    public let outputDirectory: URL
    /// Where the file lands, symlinks inside the output folder resolved.
    public let destination: URL
    /// The rendered text, header included.
    public let contents: String
    public let action: Action

    public init(path: String, outputDirectory: URL, destination: URL, contents: String, action: Action) {
        self.path = path
        self.outputDirectory = outputDirectory
        self.destination = destination
        self.contents = contents
        self.action = action
    }
}
