import Foundation

/// Finds members, projects, epics, tasks, sprints, goals and reviews by what a user types: a
/// name (or handle) compared case-insensitively (canonically equivalent forms are equal), an
/// id prefix, or else a unique part of a name, compared case- and width-insensitively
/// (`ＡＰＩ` finds `API`, `에픽 2` finds `에픽 2: 방 화면`).
public enum Lookup {
    /// The form names are compared in: trimmed and lower case. Swift compares strings by
    /// canonical equivalence, so a name typed on macOS in NFD equals the same name in NFC
    /// without normalising every candidate (which costs ~1 µs a name through Foundation).
    public static func normalize(_ text: String) -> String {
        text.trimmingSpaces.lowercased()
    }

    /// Resolves `text` among `items`: an exact name first, then an id prefix of at least 4
    /// characters, then a name equal or containing `text` once case and width are folded.
    ///
    /// - Throws: `.usage` for empty text, `.ambiguous` listing the candidates, `.notFound`
    ///   naming the nearest matches.
    public static func resolve<T, E, Items: Sequence<T>, Names: Sequence<String>>(
        _ text: String, in items: Items, kind: EntityKind, id: (T) -> EntityID<E>,
        names: (T) -> Names, label: (T) -> String,
        where include: (T) -> Bool = { _ in true }) throws -> T {
        try resolve(text, in: items, kind: kind, text: { id($0).rawValue }, names: names, label: label, where: include)
    }

    /// `resolve` with the id read as text.
    static func resolve<T, Items: Sequence<T>, Names: Sequence<String>>(
        _ text: String, in items: Items, kind: EntityKind, text id: (T) -> String,
        names: (T) -> Names, label: (T) -> String,
        where include: (T) -> Bool) throws -> T {
        let key = normalize(text)
        guard !key.isEmpty else {
            throw TeamflowError(.usage, "the \(kind.noun) is empty", hints: ["Give a \(kind.noun) name or id."],
                                reason: .emptyName(kind))
        }
        // One pass collects both kinds of match; `include` (liveness) is checked on matches only.
        let idKey = key.count >= ShortID.minimumPrefix ? key : nil
        var byName: [T] = [], byID: [T] = []
        for item in items {
            if names(item).contains(where: { matches($0, key) }) {
                if include(item) { byName.append(item) }
            } else if let idKey, id(item).hasPrefix(idKey), include(item) {
                byID.append(item)
            }
        }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 { throw ambiguous(text, byName, kind: kind, id: id, label: label) }
        if byID.count == 1 { return byID[0] }
        if byID.count > 1 { throw ambiguous(text, byID, kind: kind, id: id, label: label) }
        // Only when nothing matched exactly: a second pass folding width as well, so the common
        // path (an exact title or an id) never pays for it.
        let folded = fold(key)
        var equal: [T] = [], containing: [T] = []
        for item in items where include(item) {
            let foldedNames = names(item).map(fold)
            if foldedNames.contains(folded) { equal.append(item) }
            else if foldedNames.contains(where: { $0.contains(folded) }) { containing.append(item) }
        }
        for matches in [equal, containing] where !matches.isEmpty {
            if matches.count == 1 { return matches[0] }
            throw ambiguous(text, matches, kind: kind, id: id, label: label)
        }
        let nearItems = nearest(key, in: items.lazy.filter(include), names: names)
        let near = nearItems.map { "  \(ShortID.of(id($0)))  \(label($0))" }
        let candidates = nearItems.map { TeamflowError.Candidate(id: id($0), label: label($0)) }
        throw TeamflowError(.notFound, "no \(kind.noun) '\(text)'",
                            hints: near.isEmpty ? [] : ["Nearest matches:"] + near,
                            candidates: candidates, reason: .notFound(kind, text: text, nearest: candidates))
    }

    /// `text` with case and width folded (full-width Latin and digits, half-width kana), for
    /// the part-of-a-name match; trimmed like `normalize`.
    static func fold(_ text: String) -> String {
        text.trimmingSpaces.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether a stored name equals a normalised key. Stored names are already trimmed, so a
    /// first-character check rejects almost every candidate before any lower-casing.
    static func matches(_ name: String, _ key: String) -> Bool {
        guard let byte = name.utf8.first, let keyByte = key.utf8.first else { return name.isEmpty && key.isEmpty }
        if byte < 0x80 && keyByte < 0x80 {
            // ASCII on both sides: compare the lower-cased first bytes without building strings.
            let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            if lower != keyByte { return false }
        } else if byte >= 0x80 && keyByte < 0x80,
                  let scalar = name.unicodeScalars.first, scalar != "\u{130}", scalar != "\u{212A}" {
            // Only İ and the Kelvin sign lower-case to something starting with ASCII.
            return false
        } else if let first = name.first, let keyFirst = key.first, first.lowercased() != String(keyFirst) {
            return false
        }
        return normalize(name) == key
    }

    /// Whether a stored name given as raw UTF-8 bytes could match a normalised key: the same
    /// first-character test as `matches`, so a table can skip decoding almost every entry.
    /// Never false for a name that `matches` accepts.
    public static func mayMatch(_ name: Span<UInt8>, _ key: String) -> Bool {
        guard !name.isEmpty, let keyByte = key.utf8.first else { return name.isEmpty && key.isEmpty }
        let byte = name[0]
        if byte < 0x80 && keyByte < 0x80 {
            return (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == keyByte
        }
        if byte >= 0x80 && keyByte < 0x80 {
            // Only İ (C4 B0) and the Kelvin sign (E2 84 AA) lower-case to something starting with ASCII.
            return (name.count >= 2 && byte == 0xC4 && name[1] == 0xB0)
                || (name.count >= 3 && byte == 0xE2 && name[1] == 0x84 && name[2] == 0xAA)
        }
        return true
    }

    static func ambiguous<T>(_ text: String, _ matches: [T], kind: EntityKind, id: (T) -> String,
                             label: (T) -> String) -> TeamflowError {
        let sorted = matches.sorted { id($0) < id($1) }
        let lines = sorted.map { "  \(ShortID.of(id($0)))  \(label($0))" }
        let candidates = sorted.map { TeamflowError.Candidate(id: id($0), label: label($0)) }
        return TeamflowError(.ambiguous, "\(kind.noun) '\(text)' is ambiguous; candidates:",
                             hints: lines + ["Use an id prefix to pick one."],
                             candidates: candidates, reason: .ambiguous(kind, text: text, candidates: candidates))
    }

    /// Up to three items whose names contain the key, start alike or are a few edits away.
    static func nearest<T, Items: Sequence<T>, Names: Sequence<String>>(_ key: String, in items: Items,
                                                                        names: (T) -> Names) -> [T] {
        let limit = max(2, key.count / 3)
        let scored: [(Int, Int, T)] = items.enumerated().compactMap { index, item in
            let best = names(item).map { name -> Int in
                let candidate = normalize(name)
                if candidate.contains(key) || key.contains(candidate) { return 0 }
                return distance(key, candidate)
            }.min() ?? Int.max
            return best <= limit ? (best, index, item) : nil
        }
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.2)
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
