/// A parsed template: parse once, render many times with different contexts.
public struct Template: Sendable {
    /// The name used in error messages (nil for an unnamed string).
    public let name: String?
    let nodes: [any Node]
    let environment: TemplateEnvironment

    /// Renders with `context` as the outermost scope.
    public func render(context: [String: TemplateValue]) throws -> String {
        let renderContext = RenderContext(context: context, environment: environment)
        do {
            let output = try renderNodes(nodes, renderContext)
            return environment.compactsBlankLines ? BlankLineCompaction.compact(output) : output
        } catch {
            throw templateError(error, at: nil)
        }
    }
}
