/// Who owns a generated file, and what regenerating it does, decided from what is on disk.
///
/// A template's `userFiles` are the user's: created once, never written again (not even with
/// `--force`). Every other file is teamflow's, marked by the generated header and its digest
/// (`GeneratedDigest`): rewritten freely while unedited; when edited by hand, left alone if
/// teamflow's own text for it has not changed since, and otherwise replaced only with `--force`.
enum Regeneration {
    enum Verdict: Equatable {
        /// Nothing on disk.
        case create
        /// The same text is already there.
        case unchanged
        /// teamflow's file, unedited: rewritten.
        case update
        /// A user file that exists, or a hand-edited file whose generated text has not changed:
        /// nothing to regenerate, never a conflict.
        case keep
        /// teamflow's file, edited by hand (or never stamped), and its generated text changed:
        /// replaced only with `--force`.
        case edited
        /// A file without the generated header at a path the template generates.
        case unmarked
        /// An edited file whose hand edits merged cleanly into the new generated text.
        case merged
        /// An edited file whose hand edits conflict with the new generated text: written with
        /// conflict markers for the user to resolve.
        case conflict
        /// A file still holding the conflict markers of an earlier merge: left as it is.
        case unresolved
    }

    /// Where the last generated text of `path` is kept, relative to the output folder: next to
    /// the code (committed with it), in a hidden folder, with a suffix no build tool compiles.
    static func basePath(for path: String) -> String { ".teamflow-generated/\(path).generated" }

    /// `verdict`, with an edited file merged (`git merge-file`) against `base`, the text teamflow
    /// generated last time, when there is one and it is the text the file was stamped from
    /// (its digest line equals the file's). Returns the verdict and, for `merged` and
    /// `conflict`, the text to write.
    static func decide(existing: String?, new: String, isUserFile: Bool, base: String?, path: String,
                       environment: [String: String]) throws -> (verdict: Verdict, merged: String?) {
        if let existing, !isUserFile, GeneratedHeader.template(in: existing) != nil, existing != new,
           ThreeWayMerge.hasConflictMarkers(existing) {
            return (.unresolved, nil)
        }
        let plain = verdict(existing: existing, new: new, isUserFile: isUserFile)
        guard plain == .edited, let existing, let base,
              let stamp = GeneratedDigest.storedDigest(in: base), stamp == GeneratedDigest.storedDigest(in: existing) else {
            return (plain, nil)
        }
        switch try ThreeWayMerge.merge(base: base, current: existing, new: new, path: path, environment: environment) {
        case .clean(let text): return (text == existing ? .unchanged : .merged, text)
        case .conflicts(let text): return (.conflict, text)
        }
    }

    /// What writing `new` over `existing` (nil: no file) does.
    static func verdict(existing: String?, new: String, isUserFile: Bool) -> Verdict {
        guard let existing else { return .create }
        if isUserFile { return .keep }
        if existing == new { return .unchanged }
        switch GeneratedDigest.state(of: existing) {
        case .userFile:
            return .unmarked
        case .unedited:
            return .update
        case .edited:
            // The stamp records what teamflow wrote last time: if it would write the same
            // again, the hand edits are all the difference and regeneration has nothing to do.
            let stored = GeneratedDigest.storedDigest(in: existing)
            return stored != nil && stored == GeneratedDigest.storedDigest(in: new) ? .keep : .edited
        }
    }
}
