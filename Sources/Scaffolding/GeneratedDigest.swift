/// Recognises hand edits in generated files: every generated Swift file carries, as its second
/// header line, a digest of the text below the header, so a later run can tell a file it may
/// rewrite (digest matches) from one a person changed (digest differs), and whether its own
/// output changed since the file was written (the stored digest against the new one).
public enum GeneratedDigest {
    private static let prefix = "// teamflow digest "
    private static let suffix = ": owned by teamflow, rewritten while unedited; hand edits are merged on regeneration."
    /// Suffixes older teamflows wrote (`generate graph` before `generate` stamped files too, and
    /// both before regeneration merged): still recognised, so their files are not taken for
    /// edited ones. The digest covers only the text below the header, so the new wording
    /// changes no digest.
    private static let legacySuffixes = [
        ": owned by teamflow, rewritten while unedited; an edited copy is replaced only with --force.",
        ": rewritten by `teamflow generate graph` while unedited; edits are kept unless --force.",
    ]

    /// `contents` (which starts with the generated marker line) with the digest line as its
    /// second line, replacing the plain hint line the generator writes.
    public static func stamped(_ contents: String) -> String {
        guard GeneratedHeader.template(in: contents) != nil else { return contents }
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        let marker = lines.removeFirst()
        if let second = lines.first, second.hasPrefix("// Edit freely") || second.hasPrefix(prefix) {
            lines.removeFirst()
        }
        let body = lines.joined(separator: "\n")
        return "\(marker)\n\(prefix)\(digest(body))\(suffix)\n\(body)"
    }

    /// `contents` with its digest line back to the plain hint line: the text as the template
    /// rendered it, for comparing with hand-written expectations.
    public static func unstamped(_ contents: String) -> String {
        let lines = contents.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, GeneratedHeader.template(in: contents) != nil, lines[1].hasPrefix(prefix) else { return contents }
        return "\(lines[0])\n\(GeneratedHeader.hint)\n\(lines[2])"
    }

    /// What a file found on disk is, as far as regeneration is concerned.
    public enum State: Sendable, Equatable {
        /// No generated marker: a file a person wrote.
        case userFile
        /// Generated and stamped, and the text still matches the stamp.
        case unedited
        /// Generated, but changed since (or never stamped, so edits cannot be ruled out).
        case edited
    }

    public static func state(of contents: String) -> State {
        guard GeneratedHeader.template(in: contents) != nil else { return .userFile }
        let lines = contents.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, let stored = storedDigest(in: contents) else { return .edited }
        return stored == digest(String(lines[2])) ? .unedited : .edited
    }

    /// The digest written in `contents`' second line: the digest of the text teamflow
    /// generated when it wrote the file (nil when the file carries none).
    public static func storedDigest(in contents: String) -> String? {
        guard GeneratedHeader.template(in: contents) != nil else { return nil }
        let lines = contents.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[1].hasPrefix(prefix) else { return nil }
        for tail in [suffix] + legacySuffixes where lines[1].hasSuffix(tail) {
            let stored = lines[1].dropFirst(prefix.count).dropLast(tail.count)
            // A hand-mangled line where prefix and suffix overlap is no digest at all.
            return lines[1].count >= prefix.count + tail.count ? String(stored) : nil
        }
        return nil
    }

    /// FNV-1a (64 bit) in hex: stable across runs and platforms, unlike `Hasher`.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
