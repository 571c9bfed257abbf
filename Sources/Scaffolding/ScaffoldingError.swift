import Foundation
public import OutputFiles
public import Templates
import YAML

/// A required template variable has no value.
///
/// Kept apart from `ScaffoldingError` so a command line can map it to a usage error
/// (exit 64) without inspecting cases.
public struct MissingRequiredVariable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The template being generated.
    public let template: String
    /// The variable without a value.
    public let variable: String
    /// The variable's manifest description, to help the user supply it.
    public let variableDescription: String

    public init(template: String, variable: String, variableDescription: String = "") {
        self.template = template
        self.variable = variable
        self.variableDescription = variableDescription
    }

    public var description: String {
        var text = "template '\(template)' needs a value for '\(variable)' (--set \(variable)=VALUE)"
        if !variableDescription.isEmpty { text += ": \(variableDescription)" }
        return text
    }
}

/// Everything else that can go wrong while listing, ejecting or generating templates.
public enum ScaffoldingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No built-in or repository template has this name.
    case unknownTemplate(name: String, available: [String])
    /// A value was given for a variable the template does not declare.
    case unknownVariable(name: String, template: String, known: [String])
    /// A `--set` argument without `=`.
    case malformedAssignment(String)
    /// A value does not fit its variable (e.g. `maybe` for a bool, or `x` for a `name: Type` list).
    case invalidValue(variable: String, value: String, expected: String)
    /// A template's `template.yaml` (or a values file) is missing or malformed.
    case invalidManifest(path: String, reason: String)
    /// A rendered path would leave the output folder (`..`, absolute, or through a symlink).
    case pathEscapesOutput(path: String)
    /// A rendered path (or the output folder) would put a file into a git directory: a `.git`
    /// component in any letter case, or a destination inside the git or common directory.
    /// `template`/`file` name the template file that rendered it, when known.
    case writesIntoGit(OutputRefusal, template: String?, file: String?)
    /// Two template files rendered to the same output path.
    case duplicateOutputPath(path: String)
    /// Files that exist with other contents; pass `force` to overwrite them.
    case wouldOverwrite(paths: [String])
    /// `eject` found the destination folder already present.
    case templateAlreadyExists(path: String)
    /// A template file failed to render; `message` is the engine's error.
    case renderFailed(template: String, file: String, message: String)
    /// Reading or writing a file failed.
    case fileSystem(path: String, reason: String)
    /// A repository template file was not read: a symlink, inside `.git`, not a regular file...
    case refusedFile(TemplateFolderError)
    /// A services manifest cannot be ordered: unregistered dependencies, duplicates, cycles (all of them).
    case invalidServices(problems: [String])
    /// Merging hand edits into a regenerated file failed (git missing or failing); nothing was written.
    case mergeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unknownTemplate(name, available):
            return "unknown template '\(name)'; available: \(available.joined(separator: ", "))"
        case let .unknownVariable(name, template, known):
            let list = known.isEmpty ? "(none)" : known.joined(separator: ", ")
            return "template '\(template)' has no variable '\(name)'; known variables: \(list)"
        case let .malformedAssignment(text):
            return "expected KEY=VALUE, got '\(text)'"
        case let .invalidValue(variable, value, expected):
            return "invalid value '\(value)' for '\(variable)': expected \(expected)"
        case let .invalidManifest(path, reason):
            return "\(path): \(reason)"
        case let .pathEscapesOutput(path):
            return "refusing to write '\(path)': it would land outside the output folder"
        case let .writesIntoGit(refusal, template?, file?):
            return "template '\(template)', file '\(file)': \(refusal); nothing was written"
        case let .writesIntoGit(refusal, _, _):
            return "\(refusal); nothing was written"
        case let .duplicateOutputPath(path):
            return "two template files render to the same path '\(path)'"
        case let .wouldOverwrite(paths):
            return "would overwrite existing files (use --force): \(paths.joined(separator: ", "))"
        case let .templateAlreadyExists(path):
            return "\(path) already exists; remove it first to eject again"
        case let .renderFailed(template, file, message):
            return "template '\(template)', file '\(file)': \(message)"
        case let .fileSystem(path, reason):
            return "\(path): \(reason)"
        case let .refusedFile(error):
            return error.description
        case let .invalidServices(problems):
            return "the services cannot be registered:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        case let .mergeFailed(path, reason):
            return "cannot merge the hand edits in \(path): \(reason)"
        }
    }
}

/// A YAML error's position and message without its file name (the caller adds the path).
func yamlReason(_ error: any Error) -> String {
    guard let error = error as? YAMLError else { return "\(error)" }
    return error.mark.map { "\($0): \(error.message)" } ?? error.message
}
