import Foundation
import PackagePlugin

/// Embeds a top-level folder of templates into the target as Swift source, so the built
/// binary carries its built-in templates and runs from any directory: `Templates/` for
/// Scaffolding, `WikiTemplates/` for WikiExport.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "embed-templates")
        let folder = target.name == "WikiExport" ? "WikiTemplates" : "Templates"
        let templates = context.package.directoryURL.appending(path: folder)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) template files",
                executable: tool.url,
                arguments: [templates.path, output.path],
                inputFiles: inputs.sorted { $0.path < $1.path },
                outputFiles: [output]
            )
        ]
    }
}
