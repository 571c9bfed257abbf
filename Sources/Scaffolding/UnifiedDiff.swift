/// A line-based unified diff (`diff -u` / `git diff` style) for `--dry-run` previews.
public enum UnifiedDiff {
    /// The diff turning `old` into `new`, with `context` unchanged lines around each change;
    /// empty when they are equal. `old == nil` diffs against `/dev/null` (a new file).
    public static func diff(old: String?, new: String, path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = old.map(lines) ?? []
        let b = lines(new)
        let ops = edits(a, b)
        var out = "--- \(old == nil ? "/dev/null" : "a/" + path)\n+++ b/\(path)\n"
        // Group edit positions into hunks separated by more than 2*context unchanged lines.
        let changed = ops.indices.filter { ops[$0].kind != " " }
        var index = 0
        while index < changed.count {
            var end = index
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
            let lower = max(0, changed[index] - context)
            let upper = min(ops.count - 1, changed[end] + context)
            let slice = ops[lower...upper]
            let oldStart = (slice.first?.oldLine ?? 0)
            let newStart = (slice.first?.newLine ?? 0)
            let oldCount = slice.filter { $0.kind != "+" }.count
            let newCount = slice.filter { $0.kind != "-" }.count
            out += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for op in slice { out += "\(op.kind)\(op.text)\n" }
            index = end + 1
        }
        return out
    }

    private struct Op {
        let kind: Character
        let text: Substring
        /// 1-based line numbers this op sits at in the old and new text.
        let oldLine: Int
        let newLine: Int
    }

    private static func lines(_ text: String) -> [Substring] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Longest-common-subsequence edit script; files here are small (hundreds of lines).
    private static func edits(_ a: [Substring], _ b: [Substring]) -> [Op] {
        let n = a.count, m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                ops.append(Op(kind: " ", text: a[i], oldLine: i + 1, newLine: j + 1)); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                // Deletions first, as diff -u prints them.
                ops.append(Op(kind: "-", text: a[i], oldLine: i + 1, newLine: j + 1)); i += 1
            } else {
                ops.append(Op(kind: "+", text: b[j], oldLine: i + 1, newLine: j + 1)); j += 1
            }
        }
        return ops
    }
}
