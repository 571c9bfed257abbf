import ArgumentParsing
import Foundation
import JSONShapes
import TeamflowCore
import TeamflowGit

/// `teamflow sync [REMOTE] [--all] [--dry-run] [--allow-unrelated]`.
enum SyncCommand {
    static let remote = ArgumentSpec(name: "remote", help: "A configured remote, or a URL or path (default: origin).", isOptional: true)
    static let all = FlagSpec(long: "all", help: "Sync with every configured remote, one after another.")
    static let dryRun = FlagSpec(long: "dry-run", short: "n", help: "Fetch and say what would move; change nothing else.")
    static let allowUnrelated = FlagSpec(long: "allow-unrelated", help: "Merge with a remote history that shares no commit with ours (after a force-push).")

    static let spec = CommandSpec(
        name: "sync",
        abstract: "Fetch, merge and push the events ref, so the whole team shares one history.",
        discussion: "Fetches the remote's events into refs/teamflow/remotes/<remote>/events with your own git (so ssh keys, ssh config and credential helpers just work), merges by the union of both event sets, and pushes with a lease so nobody's events are overwritten. A clone with no events adopts the remote's; a remote with none receives ours.",
        examples: ["teamflow sync", "teamflow sync upstream", "teamflow sync --all", "teamflow sync --dry-run"],
        arguments: [remote],
        flags: [all, dryRun, allowUnrelated],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let store = try inv.store()
        let everyRemote = try inv.parsed[all]
        let remotes = try store.syncTargets(remote: inv.parsed[remote], all: everyRemote)
        let session = try inv.session()
        let at = Timestamp.format(session.now, timeZone: session.timeZone)
        let options = try SyncOptions(dryRun: inv.parsed[dryRun], allowUnrelated: inv.parsed[allowUnrelated])
        let transport = try GitTransport(store: store, progress: inv.output.errorIsTerminal && !inv.json,
                                         environment: inv.environment)
        let reports = try ProgressLine.run("teamflow sync", inv) {
            try store.sync(remotes: remotes, transport: transport, options: options, author: session.author, at: at) { report in
                if !inv.json { inv.out(([describe(report)] + report.superseded.map { "  " + describe($0) }).joined(separator: "\n") + "\n") }
            }
        }
        inv.tellSupersededWrites()
        if inv.json {
            let objects = reports.map(json)
            inv.emit(json: everyRemote ? .array(objects) : objects.first ?? .null, text: "")
        }
    }

    static func describe(_ report: SyncReport) -> String {
        let would = report.dryRun ? "would " : ""
        func events(_ n: Int) -> String { "\(n) event\(n == 1 ? "" : "s")" }
        let short = report.tip.map { " (\($0.prefix(8)))" } ?? ""
        switch report.action {
        case .empty: return "\(report.remote): no events on either side"
        case .upToDate: return "\(report.remote): up to date\(short)"
        case .pushed: return "\(report.remote): \(would)push \(events(report.sent))\(report.dryRun ? "" : short)"
        case .fastForwarded: return "\(report.remote): \(would)receive \(events(report.received))\(report.dryRun ? "" : short)"
        case .adopted: return "\(report.remote): \(would)adopt the remote's history, \(events(report.received))\(report.dryRun ? "" : short)"
        case .merged:
            return "\(report.remote): \(would)merge \(events(report.received)) from \(report.remote) and push \(events(report.sent))\(report.dryRun ? "" : short)"
        }
    }

    /// `09dcf108 title: '방 참가 실패 에러 처리' (건우) superseded by '방 참가 실패 처리' (석영)`.
    static func describe(_ edit: SupersededEdit) -> String {
        let name = Present.oneLine
        return "\(name(edit.shortID)) \(name(edit.field)): '\(name(edit.lost.value))' (\(name(edit.lost.author))) superseded by '\(name(edit.won.value))' (\(name(edit.won.author)))"
    }

    /// Keys: `kind`, `id`, `short`, `field`, then `lost` and `won`, each with `value`, `author`,
    /// `event` and `remote` (whether it came from the remote).
    static func json(_ edit: SupersededEdit) -> JSON {
        func side(_ write: SupersededEdit.Write) -> JSON {
            .object([("value", .string(write.value)), ("author", .string(write.author)), ("email", .string(write.email)),
                     ("at", .string(write.at)), ("event", .string(write.event)), ("remote", .bool(write.remote))])
        }
        return .object([("kind", .string(edit.kind)), ("id", .string(edit.id)), ("short", .string(edit.shortID)),
                        ("label", .string(edit.label)), ("field", .string(edit.field)), ("lost", side(edit.lost)),
                        ("won", side(edit.won))])
    }

    static func json(_ report: SyncReport) -> JSON {
        .object([
            ("remote", .string(report.remote)),
            ("action", .string(report.action.rawValue)),
            ("received", .int(report.received)),
            ("sent", .int(report.sent)),
            ("tip", .optional(report.tip)),
            ("attempts", .int(report.attempts)),
            ("dryRun", .bool(report.dryRun)),
            ("superseded", .array(report.superseded.map(json))),
        ])
    }
}
