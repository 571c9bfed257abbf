/// Short ids and prefix matching, like git's abbreviated hashes.
public enum ShortID {
    /// How many characters commands print.
    public static let length = 8
    /// The shortest prefix a user may type.
    public static let minimumPrefix = 4

    public static func of(_ id: String) -> String { String(id.prefix(length)) }

    /// Finds the one item whose id starts with `prefix`.
    ///
    /// - Throws: `.usage` for a prefix under 4 characters, `.notFound`, or `.ambiguous`
    ///   listing every candidate with its label.
    public static func resolve<T>(_ prefix: String, in items: [T], kind: String,
                                  id: (T) -> String, label: (T) -> String) throws -> T {
        let needle = prefix.lowercased()
        guard needle.count >= minimumPrefix else {
            throw TeamflowError(.usage, "\(kind) id '\(prefix)' is too short",
                                hints: ["Type at least \(minimumPrefix) characters of the id, as shown by `teamflow \(kind) list`."])
        }
        let matches = items.filter { id($0).hasPrefix(needle) }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            throw TeamflowError(.notFound, "no \(kind) with id '\(prefix)'",
                                hints: ["See `teamflow \(kind) list` for the ids."])
        default:
            let sorted = matches.sorted { id($0) < id($1) }
            let lines = sorted.map { "  \(id($0).prefix(12))  \(label($0))" }
            throw TeamflowError(.ambiguous, "\(kind) id '\(prefix)' is ambiguous; candidates:",
                                hints: lines + ["Type more characters of the id."],
                                candidates: sorted.map { .init(id: id($0), label: label($0)) })
        }
    }
}
