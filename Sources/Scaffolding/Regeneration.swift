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
