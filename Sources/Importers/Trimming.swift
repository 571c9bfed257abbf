extension StringProtocol {
    /// Trims spaces, tabs and newlines (as TeamflowCore's internal helper of the same name,
    /// which the parsers here used when they lived there).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
