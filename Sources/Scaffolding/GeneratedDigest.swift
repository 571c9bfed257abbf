/// Recognises hand edits in generated files: `generate graph` stamps each file's second
/// header line with a digest of the text below the header, so a later run can tell a file
/// it may rewrite (digest matches) from one a person changed (digest differs).
public enum GeneratedDigest {
    private static let prefix = "// teamflow digest "
    private static let suffix = ": rewritten by `teamflow generate graph` while unedited; edits are kept unless --force."

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
        guard lines.count == 3, lines[1].hasPrefix(prefix), lines[1].hasSuffix(suffix) else { return .edited }
        let stored = lines[1].dropFirst(prefix.count).dropLast(suffix.count)
        return stored == digest(String(lines[2])) ? .unedited : .edited
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
