import Templates
import XCTest

/// Renders `template` with a fresh environment (optional in-memory templates and trim mode).
func render(
    _ template: String, _ context: [String: TemplateValue] = [:], trim: TrimBehaviour = .none,
    templates: [String: String]? = nil, extraFilters: [String: Filter] = [:]
) throws -> String {
    let environment = TemplateEnvironment(
        loader: templates.map { DictionaryLoader(templates: $0) }, trimBehaviour: trim, extraFilters: extraFilters)
    return try environment.render(string: template, context: context)
}

/// The ``TemplateError`` thrown by rendering, failing the test when none (or another error) is thrown.
func renderError(
    _ template: String, _ context: [String: TemplateValue] = [:], name: String? = nil,
    templates: [String: String]? = nil, file: StaticString = #filePath, line: UInt = #line
) -> TemplateError? {
    let environment = TemplateEnvironment(loader: templates.map { DictionaryLoader(templates: $0) })
    do {
        let output = try environment.render(string: template, name: name, context: context)
        XCTFail("expected an error, rendered \(output.debugDescription)", file: file, line: line)
    } catch let error as TemplateError {
        return error
    } catch {
        XCTFail("expected a TemplateError, got \(error)", file: file, line: line)
    }
    return nil
}
