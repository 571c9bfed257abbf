import Foundation
import Scaffolding

/// Scaffolding's YAML inputs: the `generate graph` manifest (read, validated, planned with
/// the built-in templates), and the same bytes as a template manifest and a values file.
enum GraphTarget {
    static let graph = FuzzTarget(
        name: "graph",
        summary: "GraphManifest -> GraphValidator -> GraphPrinter, GraphGenerator.plan; TemplateManifest; --values files"
    ) { bytes in
        let source = text(bytes)
        do {
            let manifest = try GraphManifest(yaml: source, file: "graph.yaml")
            let analysis = GraphValidator.analyse(manifest)
            _ = (analysis.errors.count, analysis.warnings.count)
            if let tree = analysis.tree { _ = GraphPrinter.render(tree, unreachable: manifest.nodes.map(\.name)) }
            if analysis.tree != nil, let generator {
                // Nothing exists under outDir, so planning reads no files and writes none.
                _ = try? generator.plan(manifest, outDir: outDir)
            }
        } catch let error as ScaffoldingError {
            _ = error.description
        } catch {
            require(false, "GraphManifest threw a non-ScaffoldingError: \(error)")
        }
        _ = try? TemplateManifest(yaml: source, folderName: "fuzz", file: "template.yaml")
        if let coordinator {
            _ = try? VariableValues.collect(for: coordinator, assignments: ["children=Extra"], valuesYAML: source, valuesFile: "values.yaml")
        }
    }

    private static let catalog = try? TemplateCatalog()
    private static let generator = catalog.map { GraphGenerator(catalog: $0) }
    private static let coordinator = try? catalog?.template(named: "coordinator").manifest
    private static let outDir = URL(fileURLWithPath: "/nonexistent/teamflow-fuzz-out")
}
