import ArgumentParsing
import JSONShapes
import TeamflowCore
import Templates

/// How a failed command reports itself on standard error: prose for a person, or under
/// `--json` one JSON object a script can read (`{"error": {"code": …, "message": …}}`), with
/// the same exit codes (64 wrong usage, 1 anything else).
enum ErrorReport {
    /// The exit status for `error`.
    static func status(of error: any Error) -> Int32 {
        switch error {
        case let error as TeamflowError: return error.isUsage ? 64 : 1
        case is UsageError, is ValidationError: return 64
        default: return 1
        }
    }

    /// `error` as one JSON object: `code` (a stable snake_case word), `message` (one line),
    /// `hints` (the lines a person would see after it), and where they apply `candidates`
    /// (`{id, label}` of what an ambiguous or unknown name could mean) or `file`/`line`/`column`.
    /// `usage`: the error is wrong usage whatever its type (a parse failure).
    static func json(_ error: any Error, usage: Bool = false) -> JSON {
        var fields: [(String, JSON)]
        switch error {
        case let error as TeamflowError:
            fields = ErrorJSON.fields(error, message: ErrorHints.message(for: error), hints: ErrorHints.lines(for: error))
        case let error as TemplateError:
            fields = [("code", .string(error.exceededBudget == nil ? "template" : "template_budget")),
                      ("message", .string(error.message)), ("file", .optional(error.templateName)),
                      ("line", .int(error.line)), ("column", .int(error.column))]
        case let error as UsageError:
            fields = [("code", .string("usage")), ("message", .string(error.message)),
                      ("usage", .string(error.usageLine))]
        default:
            fields = [("code", .string(usage || status(of: error) == 64 ? "usage" : "failure")), ("message", .string("\(error)"))]
        }
        return .object([("error", .object(fields))])
    }
}
