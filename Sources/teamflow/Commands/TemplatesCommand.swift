import ArgumentParsing
import Foundation
import JSONShapes
import Scaffolding
import TeamflowCore
import Templates

/// `teamflow templates list|eject`: built-in and repository templates.
enum TemplatesCommand {
    static let name = ArgumentSpec(name: "name", help: "The built-in template's name.")

    static let spec = CommandSpec(
        name: "templates",
        abstract: "List the scaffolding templates, or eject a built-in to customise it.",
        discussion: "A repository's .teamflow/templates/NAME/ overrides the built-in NAME. The repository is the nearest folder at or above the current one holding .teamflow or .git; outside any, only built-ins are listed.",
        examples: ["teamflow templates list", "teamflow templates list --json", "teamflow templates eject coordinator"],
        subcommands: [
            CommandSpec(name: "list", abstract: "Every template: name, description, variables, source, and which one wins.", run: handler(list)),
            CommandSpec(name: "eject", abstract: "Copy a built-in into .teamflow/templates/NAME to edit it.",
                        arguments: [name], run: handler(eject)),
        ],
        defaultSubcommand: "list"
    )

    static func list(_ inv: Invocation) throws {
        let rows = try Paths.catalog(inv).list()
        inv.emit(json: .array(rows.map(json)), text: rows.map(text).joined(separator: "\n\n"))
    }

    static func eject(_ inv: Invocation) throws {
        let root = try Paths.repositoryRoot(inv) ?? URL(fileURLWithPath: inv.directory)
        let catalog = try Paths.catalog(inv)
        let template = try inv.argument(name)
        let folder = try Scaffold.mapErrors { try catalog.eject(name: template, into: root) }
        inv.emit(json: .object([("name", .string(template)), ("path", .string(folder.path))]),
                 text: "Ejected \(template) to \(folder.path); it now overrides the built-in.")
    }

    static func json(_ row: TemplateListing) -> JSON {
        .object([
            ("name", .string(row.name)),
            ("description", .string(row.description)),
            ("source", .string(row.source.description)),
            ("active", .bool(row.isActive)),
            ("variables", .array(row.variables.map { variable in
                .object([
                    ("name", .string(variable.name)),
                    ("description", .string(variable.description)),
                    ("type", .string(variable.kind.rawValue)),
                    ("required", .bool(variable.isRequired)),
                    ("default", variable.defaultValue.map { .string(display($0)) } ?? .null),
                ])
            })),
        ])
    }

    static func text(_ row: TemplateListing) -> String {
        let status = row.isActive ? "" : "  (overridden by the repository's template)"
        var lines = [Console.styled(row.name, .bold) + "  [\(row.source)]" + status]
        if !row.description.isEmpty { lines.append("  " + row.description) }
        for variable in row.variables {
            var line = "    \(variable.name) (\(variable.kind.rawValue)\(variable.isRequired ? ", required" : ""))"
            if let value = variable.defaultValue, display(value) != "" { line += " = \(display(value))" }
            if !variable.description.isEmpty { line += ": \(variable.description)" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func display(_ value: TemplateValue) -> String {
        switch value {
        case .array(let items): return "[" + items.map(display).joined(separator: ", ") + "]"
        default: return value.rendered
        }
    }
}

/// Maps scaffolding errors to the CLI's exit codes: a missing required variable is a
/// usage error (64), everything else a failure the user can act on (1).
enum Scaffold {
    static func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MissingRequiredVariable {
            throw TeamflowError(.usage, error.description)
        } catch let error as ScaffoldingError {
            switch error {
            case .wouldOverwrite(let paths):
                throw TeamflowError(.conflict, "would overwrite \(paths.count) existing file(s):\n"
                                    + paths.map { "  \($0)" }.joined(separator: "\n"),
                                    hints: ["Pass --force to overwrite them, or --dry-run to see what would change."])
            case .unknownVariable, .malformedAssignment, .invalidValue:
                throw TeamflowError(.usage, error.description)
            case .refusedFile:
                throw TeamflowError(.failure, error.description,
                                    hints: ["Make it a regular file inside the template folder, or remove it; nothing was written."])
            default:
                throw TeamflowError(.failure, error.description)
            }
        }
    }
}
