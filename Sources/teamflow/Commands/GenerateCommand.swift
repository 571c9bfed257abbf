import ArgumentParsing
import Foundation
import Scaffolding
import TeamflowCore

/// `teamflow generate TEMPLATE [NAME]` and `teamflow generate graph [F.yaml]`: scaffolding.
/// Works inside or outside a repository; never writes outside `--out`.
enum GenerateCommand {
    static let outOption = OptionSpec(long: "out", valueName: "DIR", help: "Where files go (default: the current directory).",
                                      completion: .directory)
    static let dryRunFlag = FlagSpec(long: "dry-run", help: "Write nothing; list every file and what writing it would do.")
    static let forceFlag = FlagSpec(long: "force", help: "Overwrite files that exist with other contents.")

    static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate scaffolding from a template, or the whole coordinator tree from a manifest.",
        discussion: "List templates with `teamflow templates list`. Values: --set KEY=VALUE (repeat it to append to a list) and --values F.yaml. Existing files with other contents are only replaced with --force.",
        examples: [
            "teamflow generate coordinator Connection --set dependencies='browsingUseCase: BrowsingUserUseCaseInterface' --set children=VideoList --set viewModel=true",
            "teamflow generate feature Profile --set useCases=FetchProfile --out Sources --dry-run",
            "teamflow generate di-container --values services.yaml",
            "teamflow generate graph .teamflow/graph.yaml --out Sources/App",
        ],
        arguments: [
            ArgumentSpec(name: "template", help: "The template's name (see `teamflow templates list`).",
                         completion: .command("teamflow __complete templates")),
            ArgumentSpec(name: "name", help: "The value of the template's `name` variable.", isOptional: true),
        ],
        options: [
            OptionSpec(long: "set", valueName: "KEY=VALUE", help: "A variable's value; repeat to append to a list.", isRepeating: true),
            OptionSpec(long: "values", valueName: "F.yaml", help: "Variable values as a YAML mapping.", completion: .file),
            outOption,
        ],
        flags: [dryRunFlag, forceFlag],
        subcommands: [GenerateGraphCommand.spec],
        run: handler(generate)
    )

    static func generate(_ inv: Invocation) throws {
        let generator = Generator(catalog: try Paths.catalog(inv))
        let dryRun = inv.parsed.flag("dry-run")
        let files = try Scaffold.mapErrors {
            try generator.run(template: inv.argument("template"), name: inv.parsed.argument("name"),
                              assignments: inv.parsed.options("set"),
                              valuesFile: inv.parsed.option("values").map { URL(fileURLWithPath: Paths.absolute($0, in: inv.directory)) },
                              outDir: URL(fileURLWithPath: Paths.absolute(inv.parsed.option("out") ?? ".", in: inv.directory)),
                              dryRun: dryRun, force: inv.parsed.flag("force"))
        }
        report(files, dryRun: dryRun, inv: inv)
    }

    /// One line per file: `create|overwrite|unchanged  path` (with `--json`, an array of objects).
    static func report(_ files: [PlannedFile], dryRun: Bool, inv: Invocation) {
        let width = files.map(\.action.rawValue.count).max() ?? 0
        let lines = files.map { file in
            file.action.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + file.path
        }
        let summary = dryRun ? "Dry run: nothing written." : "\(files.filter { $0.action != .unchanged }.count) file(s) written."
        inv.emit(json: .array(files.map { .object([("path", .string($0.path)), ("action", .string($0.action.rawValue))]) }),
                 text: (lines + [summary]).joined(separator: "\n"))
    }
}
