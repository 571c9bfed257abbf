public import Foundation

/// One file `Generator.plan` would write.
public struct PlannedFile: Sendable, Equatable {
    /// What writing the file would do.
    public enum Action: String, Sendable, Equatable {
        /// No file there yet.
        case create
        /// teamflow's file, not edited by hand, with new contents: rewritten without `force`.
        case update
        /// Other contents are there that regeneration cannot tell from hand edits (edited since
        /// generated, or without the generated header); writing needs `force`.
        case overwrite
        /// The same contents are already there; nothing to write.
        case unchanged
        /// Left as it is: a user file (the template's `userFiles`) that exists, never written
        /// even with `force`; or a file edited by hand whose generated text has not changed.
        case kept

        /// True when regenerating would create or change the file (what `--check` reports).
        public var changesFile: Bool { self == .create || self == .update || self == .overwrite }
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
    /// Listed in the template's `userFiles`: created once for the user's code, then never written.
    public let isUserFile: Bool

    public init(path: String, outputDirectory: URL, destination: URL, contents: String, action: Action,
                isUserFile: Bool = false) {
        self.path = path
        self.outputDirectory = outputDirectory
        self.destination = destination
        self.contents = contents
        self.action = action
        self.isUserFile = isUserFile
    }
}
