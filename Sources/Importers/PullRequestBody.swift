public import TeamflowCore

/// A PR description split into sections by heading words (Korean or English, emoji and case
/// ignored). Bodies are kept byte for byte; unknown sections are kept in order.
public struct PullRequestBody: Sendable, Equatable {
    /// The first line when the text starts with one that is not a heading (the team's PR
    /// bodies begin with the PR title, `[FEAT/#95] ...`).
    public var titleLine: String?
    public var sections: [ReviewSection]
    /// Whether any heading was recognised; when none was, the whole text is one `notes` section.
    public var recognised: Bool

    /// The section kinds and the heading words that name them, most specific first.
    public static let vocabulary: [(kind: String, words: [String])] = [
        ("related", ["관련 이슈", "관련 issue", "related issue", "related issues", "linked issue", "issue", "이슈"]),
        ("notes", ["리뷰 노트", "리뷰노트", "리뷰 포인트", "notes for reviewers", "note for reviewers", "review notes",
                   "review note", "reviewer notes", "for reviewers"]),
        ("testing", ["테스트 방법", "테스트", "how to test", "testing", "test plan", "tests"]),
        ("background", ["배경", "motivation", "background", "why", "context", "개요"]),
        ("work", ["작업 내역", "작업 내용", "완료 및 수정 내역", "수정 내역", "변경 사항", "변경사항", "changes",
                  "what changed", "work done", "work", "summary"]),
    ]

    /// The kind a heading names, or `other`.
    public static func kind(ofHeading text: String) -> String {
        let words = Markdown.words(text)
        guard !words.isEmpty else { return "other" }
        let padded = " \(words) "
        for (kind, names) in vocabulary where names.contains(where: { padded.contains(" \(Markdown.words($0)) ") }) {
            return kind
        }
        return "other"
    }

    /// Splits `text` at its top-level headings (the smallest level used outside code blocks).
    /// A first line that is the only heading of its level or above, and names no section
    /// (`# Coordinator 적용` over `## 작업 내용` ...), is the title, as in a PR written in a file.
    public init(parsing text: String) {
        let lines = Markdown.lines(text)
        var fence = Markdown.FenceTracker()
        var headingAt: [Int: Markdown.Heading] = [:]
        for (index, line) in lines.enumerated() {
            if fence.feed(line) { continue }
            if let heading = Markdown.heading(line) { headingAt[index] = heading }
        }
        var titleHeading: String?
        if let first = lines.firstIndex(where: { !$0.trimmingSpaces.isEmpty }), let heading = headingAt[first],
           PullRequestBody.kind(ofHeading: heading.text) == "other",
           !headingAt.contains(where: { $0.key != first && $0.value.level <= heading.level }),
           headingAt.values.contains(where: { PullRequestBody.kind(ofHeading: $0.text) != "other" }) {
            titleHeading = heading.text
            headingAt[first] = nil
        }
        let top = headingAt.values.map(\.level).min()
        var sections: [ReviewSection] = []
        var current: (heading: String, start: Int)? = nil
        var preambleEnd = lines.count
        func close(_ end: Int) {
            guard let open = current else { return }
            sections.append(ReviewSection(kind: PullRequestBody.kind(ofHeading: open.heading), heading: open.heading,
                                          body: PullRequestBody.block(lines[open.start..<end])))
        }
        for index in lines.indices {
            guard let heading = headingAt[index], heading.level == top else { continue }
            if current == nil { preambleEnd = index } else { close(index) }
            current = (heading.text, index + 1)
        }
        close(lines.count)
        var preamble = Array(lines[0..<min(preambleEnd, lines.count)])
        var titleLine: String?
        if let titleHeading, let first = preamble.firstIndex(where: { !$0.trimmingSpaces.isEmpty }) {
            titleLine = titleHeading
            preamble.removeSubrange(0...first)
        } else if let first = preamble.firstIndex(where: { !$0.trimmingSpaces.isEmpty }), sections.contains(where: { $0.kind != "other" }) {
            titleLine = preamble[first].trimmingSpaces
            preamble.removeSubrange(0...first)
        }
        let rest = PullRequestBody.block(preamble[...])
        if !rest.isEmpty { sections.insert(ReviewSection(kind: "other", heading: "", body: rest), at: 0) }
        recognised = sections.contains { $0.kind != "other" }
        if !recognised {
            // Nothing recognised: keep the whole text as the notes, exactly.
            let whole = PullRequestBody.block(lines[...])
            self.sections = whole.isEmpty ? [] : [ReviewSection(kind: "notes", heading: "", body: whole)]
            self.titleLine = nil
        } else {
            self.sections = sections
            self.titleLine = titleLine
        }
    }

    /// Joins lines back, dropping only blank lines at the start and end of the block.
    static func block(_ lines: ArraySlice<Substring>) -> String {
        let isBlank: (Substring) -> Bool = { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }),
              let last = lines.lastIndex(where: { !isBlank($0) }) else { return "" }
        return lines[first...last].joined(separator: "\n")
    }
}

extension PullRequestBody {
    /// A short stable fingerprint of a PR body (64-bit FNV-1a of its UTF-8, in hex, prefixed
    /// `fnv1a64:`): kept with a review so a sync parses the body again only when it changed.
    /// Not a security measure: it only tells two versions of one PR's body apart.
    public static func hash(_ body: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
