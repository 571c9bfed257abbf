import ArgumentParsing
import Foundation
import JSONShapes
import TeamflowCore

/// `teamflow log [--limit N]`: the raw events, newest first.
enum LogCommand {
    static let limit = OptionSpec(long: "limit", short: "n", valueName: "N", help: "Show at most N events.")

    static let spec = CommandSpec(
        name: "log",
        abstract: "Show the raw events, newest first.",
        examples: ["teamflow log --limit 20", "git log --oneline refs/teamflow/events"],
        options: [limit],
        // Checked while parsing too, so a bad count is wrong usage even outside a repository.
        validate: { parsed in _ = try parsed.int(limit, in: 0...) },
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        // A view like the others: a field over `FieldLimits` is shown cut (`export` gives it whole).
        let events = try inv.store().log(limit: inv.parsed.int(limit, in: 0...)).map(FieldLimits.fitted)
        inv.emit(json: .array(events.map(json)), text: events.map(text).joined(separator: "\n"))
    }

    static func json(_ event: Event) -> JSON {
        var pairs: [(String, JSON)] = [
            ("id", .string(event.id)),
            ("type", .string(event.type)),
            ("at", .string(event.at)),
            ("author", .object([("name", .string(event.author.name)), ("email", .string(event.author.email))])),
            ("clock", .int(event.clock)),
        ]
        // The envelope as the file has it: an older history's keys inside `data` stay there.
        if let undoes = event.undoes { pairs.append(("undoes", .string(undoes))) }
        if let batch = event.batch { pairs.append(("batch", .string(batch))) }
        pairs.append(("data", json(event.data)))
        return .object(pairs)
    }

    static func json(_ fields: Fields) -> JSON {
        .object(fields.map { ($0.key, json($0.value)) })
    }

    static func json(_ value: Value) -> JSON {
        switch value {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .list(let items): return .array(items.map(json))
        case .map(let fields): return json(fields)
        }
    }

    static func text(_ event: Event) -> String {
        var fields = event.data.map { "\(Present.oneLine($0.key))=\(describe($0.value))" }
        if let undoes = event.undoes { fields.insert("undoes=\(ShortID.of(undoes))", at: 0) }
        let data = fields.joined(separator: " ")
        return "\(Console.styled(Present.oneLine(ShortID.of(event.id)), .yellow)) \(Present.oneLine(event.at)) "
            + "\(Present.oneLine(event.author.name))  \(Console.styled(Present.oneLine(event.type), .cyan)) \(data)"
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .string(let s): return s.contains(" ") || s.contains("\n") ? "\"\(Present.oneLine(s))\"" : Present.oneLine(s)
        case .int(let i): return String(i)
        case .bool(let b): return String(b)
        case .null: return "null"
        case .list(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .map(let fields): return "{" + fields.map { "\(Present.oneLine($0.key))=\(describe($0.value))" }.joined(separator: " ") + "}"
        }
    }
}
