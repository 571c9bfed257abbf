import Foundation
import TeamflowCore
import TeamflowGit

/// Telling an author that sync resolved a concurrent edit against them: the commands that read
/// a board (and `sync`) print, once per clone, each superseded write of the caller's on stderr.
extension Invocation {
    /// Prints the caller's newly superseded writes; never fails the command it follows (a
    /// history that cannot be read here is the command's own business).
    func tellSupersededWrites() {
        guard let store = try? store(), let session = try? session(),
              let email = session.author?.email ?? session.identity.email,
              let edits = try? store.newlySupersededWrites(of: email) else { return }
        for edit in edits { err(Self.notice(edit, timeZone: session.timeZone) + "\n") }
    }

    /// `석영's 'doing' (14:30) superseded your 'done' on 6d04 '방 나가기' (14:00) — teamflow task show 6d04`.
    static func notice(_ edit: SupersededEdit, timeZone: TimeZone) -> String {
        let name = Present.oneLine
        func time(_ at: String) -> String { Timestamp.display(at, timeZone: timeZone) }
        let show = edit.kind == "task" || edit.kind == "goal" ? "teamflow \(edit.kind) show \(edit.shortID)" : "teamflow conflicts"
        return "\(name(edit.won.author))'s '\(name(edit.won.value))' (\(time(edit.won.at))) superseded your '\(name(edit.lost.value))' "
            + "on \(edit.shortID) '\(name(edit.label))' (\(time(edit.lost.at))) — \(show)"
    }
}
