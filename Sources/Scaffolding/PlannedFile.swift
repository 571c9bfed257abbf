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
        /// Edited by hand, and the edits merge cleanly into the new generated text (three-way,
        /// against the last generated text): the merge is written.
        case merged
        /// Edited by hand, and the edits conflict with the new generated text: written with
        /// conflict markers (or, when it still holds an earlier merge's markers, left as it is);
        /// the run fails until they are resolved.
        case conflict

        /// True when regenerating would create or change the file (what `--check` reports).
        public var changesFile: Bool { [.create, .update, .overwrite, .merged, .conflict].contains(self) }
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
    /// For `merged` and `conflict`: the merge of the hand edits and `contents` (nil for a
    /// conflict left unresolved from an earlier run).
    public let mergedText: String?

    public init(path: String, outputDirectory: URL, destination: URL, contents: String, action: Action,
                isUserFile: Bool = false, mergedText: String? = nil) {
        self.path = path
        self.outputDirectory = outputDirectory
        self.destination = destination
        self.contents = contents
        self.action = action
        self.isUserFile = isUserFile
        self.mergedText = mergedText
    }

    /// What writing the file puts there: the merge for `merged`/`conflict`, else `contents`;
    /// nil when nothing is written (an unresolved conflict). `force` takes the new text.
    public func textToWrite(force: Bool) -> String? {
        if force { return contents }
        switch action {
        case .merged, .conflict: return mergedText
        default: return contents
        }
    }
}
