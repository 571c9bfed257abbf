import ArgumentParsing
import Foundation
import TeamflowCore
import TeamflowGit

/// `teamflow conflicts [--all]`: the concurrent edits the events ref's merges resolved, with
/// both values, read from the merges themselves (every clone lists the same).
enum ConflictsCommand {
    static let all = FlagSpec(long: "all", help: "The whole history (default: the last \(recent) commits).")
    static let recent = 500

    static let spec = CommandSpec(
        name: "conflicts",
        abstract: "List the edits a sync's merge superseded: which field, whose value won, whose lost.",
        discussion: "Two clones that changed the same field of the same thing before syncing are merged by last writer wins (docs/EVENTS.md). Each merge on the events ref is read back: the edits only one side had, compared field by field. The author whose write lost is also told once, on the next board or sync they run.",
        examples: ["teamflow conflicts", "teamflow conflicts --all --json"],
        flags: [all],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let merges = try inv.store().resolvedMerges(limit: try inv.parsed[all] ? nil : recent)
        let zone = try inv.session().timeZone
        inv.emit(json: .array(merges.map { merge in
            .object([("commit", .string(merge.commit)), ("at", .string(merge.at)),
                     ("superseded", .array(merge.edits.map(SyncCommand.json)))])
        }), text: merges.isEmpty ? "No superseded edits." : merges.flatMap { merge in
            ["merge \(merge.commit.prefix(8))  \(Timestamp.display(merge.at, timeZone: zone))"]
                + merge.edits.map { "  " + describe($0, timeZone: zone) }
        }.joined(separator: "\n"))
    }

    /// `6d04 '방 나가기' status: '방 나가기' … 석영's 'doing' (14:30) won over 건우's 'done' (14:00)`.
    static func describe(_ edit: SupersededEdit, timeZone: TimeZone) -> String {
        let name = Present.oneLine
        func time(_ at: String) -> String { Timestamp.display(at, timeZone: timeZone) }
        return "\(name(edit.shortID)) '\(name(edit.label))' \(name(edit.field)): \(name(edit.won.author))'s '\(name(edit.won.value))' "
            + "(\(time(edit.won.at))) won over \(name(edit.lost.author))'s '\(name(edit.lost.value))' (\(time(edit.lost.at)))"
    }
}
