public import TeamflowCore

/// A failure as the CLI's `--json` reports it on stderr and the web board's API in its body:
/// `{"error": {"code", "message", "hints", "candidates"}}` (docs/JSON.md).
public enum ErrorJSON {
    /// The fields of a `TeamflowError`; `message` and `hints` are the lines a person would read
    /// (the command line words them with its flags; the web board uses the library's).
    public static func fields(_ error: TeamflowError, message: String? = nil, hints: [String]) -> [(String, JSON)] {
        var fields: [(String, JSON)] = [("code", .string(code(of: error.kind))), ("message", .string(message ?? error.message)),
                                        ("hints", .array(hints.map(JSON.string)))]
        if !error.candidates.isEmpty {
            fields.append(("candidates", .array(error.candidates.map {
                .object([("id", .string($0.id)), ("label", .string($0.label))])
            })))
        }
        return fields
    }

    /// The whole object for a `TeamflowError`.
    public static func object(_ error: TeamflowError, hints: [String]) -> JSON {
        .object([("error", .object(fields(error, hints: hints)))])
    }

    /// The snake_case word for a kind: what scripts match on, so it never changes.
    public static func code(of kind: TeamflowError.Kind) -> String {
        switch kind {
        case .usage: return "usage"
        case .notFound: return "not_found"
        case .ambiguous: return "ambiguous"
        case .conflict: return "conflict"
        case .failure: return "failure"
        case .environment: return "environment"
        }
    }
}
