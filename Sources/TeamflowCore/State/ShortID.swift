/// Short ids and prefix matching, like git's abbreviated hashes.
public enum ShortID {
    /// How many characters commands print.
    public static let length = 8
    /// The shortest prefix a user may type.
    public static let minimumPrefix = 4

    public static func of(_ id: String) -> String {
        String(decoding: id.utf8.prefix(utf8Count(of: id)), as: UTF8.self)
    }

    /// How many of `id`'s UTF-8 bytes `of(id)` keeps: a writer laying out bytes copies them
    /// without making the short string (~500 instructions each, for every line of a list).
    public static func utf8Count(of id: String) -> Int {
        // Ids are printable ASCII, where a character is a byte and a cut between two such
        // bytes is a character boundary: cut at the byte, skipping `prefix`'s grapheme breaking
        // (a tenth of a 10,000-task list's lines). Anything else takes `prefix`.
        let bytes = id.utf8.span
        guard bytes.count > length else { return bytes.count }
        for i in 0...length where bytes[i] < 0x20 || bytes[i] >= 0x7F { return id.prefix(length).utf8.count }
        return length
    }

    /// The short form of a typed id.
    public static func of<Entity>(_ id: EntityID<Entity>) -> String { of(id.rawValue) }

    /// Finds the one item whose id starts with `prefix`.
    ///
    /// - Throws: `.usage` for a prefix under 4 characters, `.notFound`, or `.ambiguous`
    ///   listing every candidate with its label.
    public static func resolve<T, E>(_ prefix: String, in items: [T], kind: EntityKind,
                                     id: (T) -> EntityID<E>, label: (T) -> String) throws -> T {
        try resolve(prefix, in: items, kind: kind, id: { id($0).rawValue }, label: label)
    }

    /// `resolve` over items with a plain-text id (events).
    public static func resolve<T>(_ prefix: String, in items: [T], kind: EntityKind,
                                  id: (T) -> String, label: (T) -> String) throws -> T {
        let needle = prefix.lowercased()
        guard needle.count >= minimumPrefix else {
            throw TeamflowError(.usage, "\(kind.noun) id '\(prefix)' is too short",
                                hints: ["Type at least \(minimumPrefix) characters of the id."],
                                reason: .idTooShort(kind, text: prefix))
        }
        let matches = items.filter { id($0).hasPrefix(needle) }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            throw TeamflowError(.notFound, "no \(kind.noun) with id '\(prefix)'",
                                reason: .notFound(kind, text: prefix, nearest: []))
        default:
            let sorted = matches.sorted { id($0) < id($1) }
            let lines = sorted.map { "  \(id($0).prefix(12))  \(label($0))" }
            let candidates = sorted.map { TeamflowError.Candidate(id: id($0), label: label($0)) }
            throw TeamflowError(.ambiguous, "\(kind.noun) id '\(prefix)' is ambiguous; candidates:",
                                hints: lines + ["Type more characters of the id."],
                                candidates: candidates, reason: .ambiguous(kind, text: prefix, candidates: candidates))
        }
    }
}
