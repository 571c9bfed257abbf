import TeamflowCore
import Templates

extension WikiContext {
    // MARK: Reviews

    func review(_ review: Review) -> TemplateValue {
        .dictionary([
            "pr": .int(review.pr),
            "title": .string(Inline.text(review.title)),
            "author": .string(Inline.text(review.author)),
            "url": review.url.map { .string(Inline.text($0)) } ?? .null,
            "branch": review.branch.map { .string(Inline.text($0)) } ?? .null,
            "opened": review.openedAt.map { .string(String($0.prefix(10))) } ?? .null,
            "week": .string(review.week),
            "weekLink": site.weekNames[review.week].map(TemplateValue.string) ?? .null,
            "sections": .array(review.sections.map { section in
                let heading = section.heading.isEmpty ? (labels[section.kind] ?? section.kind) : section.heading
                return .dictionary(["kind": .string(section.kind), "heading": .string(Inline.text(heading)),
                                    "body": .string(Inline.block(section.body))])
            }),
            "comments": .array(review.comments.map { comment in
                .dictionary(["author": .string(Inline.text(comment.author)), "at": .string(Inline.text(Timestamp.display(comment.at, in: timeZone))),
                             "text": .string(Inline.block(comment.text))])
            }),
        ])
    }

    // MARK: Projects

    /// Name, status, due date and progress over the project's epics.
    func projectSummary(_ project: Project) -> [String: TemplateValue] {
        let entry = site.overview.entry(project.id)
        let (done, total) = (entry?.progress.done ?? 0, entry?.progress.total ?? 0)
        return [
            "name": .string(Inline.linkText(project.name)),
            "status": .string(labels[project.status.rawValue] ?? project.status.rawValue),
            "due": project.due.map { .string($0.description) } ?? .null,
            "done": .int(done), "total": .int(total), "percent": .int(total == 0 ? 0 : done * 100 / total),
        ]
    }

    func project(_ project: Project) -> TemplateValue {
        var value = projectSummary(project)
        value["name"] = .string(Inline.text(project.name))
        value["description"] = project.description.map { .string(Inline.block($0)) } ?? .null
        value["epics"] = .array((site.overview.entry(project.id)?.epics ?? []).map { progress in
            let tasks = site.overview.tasksByEpic[progress.epic.id] ?? []
            return .dictionary([
                "title": .string(Inline.text(progress.epic.title)),
                "status": .string(labels[progress.status.rawValue] ?? progress.status.rawValue),
                "done": .int(progress.done), "total": .int(progress.total),
                "percent": .int(progress.total == 0 ? 0 : progress.done * 100 / progress.total),
                "tasks": .array(tasks.map { task in
                    .dictionary(["text": .string(Inline.text(task.title)), "done": .bool(task.done),
                                 "check": .string(task.done ? "x" : " "), "week": .string(task.week),
                                 "doing": .bool(task.status == .doing), "marks": .string(marks(doing: task.status == .doing)),
                                 "member": .string(task.member.flatMap { site.state.members[$0]?.name }.map(Inline.text) ?? "")])
                }),
            ])
        })
        return .dictionary(value)
    }

    // MARK: Wiki pages

    /// A page's title, body and journal. A page titled like the journal heading (`개발 일지`)
    /// gets no second heading of that name, and a body starting with the title drops it, so the
    /// title shows once. Headings inside entries sit one level below the entries' own.
    func page(_ page: WikiPage) -> TemplateValue {
        let titledLikeJournal = labels["journal"].map { Lookup.normalize($0) == Lookup.normalize(page.title) } ?? false
        let entryLevel = titledLikeJournal ? 2 : 3
        return .dictionary([
            "title": .string(Inline.text(page.title)),
            "body": .string(Inline.block(HeadingLevels.droppingRepeatedTitle(page.body, title: page.title))),
            "journalHeading": .bool(!titledLikeJournal),
            "entryHeading": .string(String(repeating: "#", count: entryLevel)),
            "entries": .array(page.journal.map { entry in
                .dictionary(["day": .string(entry.day), "author": .string(Inline.text(entry.author)),
                             "text": .string(Inline.block(HeadingLevels.demote(entry.text, toAtLeast: entryLevel + 1)))])
            }),
        ])
    }
}

/// Making user text safe in its place on a page without changing what it says.
enum Inline {
    /// A one-line field (a title, a name, a label) as literal text wherever a layout puts it:
    /// line breaks and other control characters become spaces, and every character Markdown or
    /// inline HTML could read as syntax is backslash-escaped (`[x](url)` stays text, `<img>`
    /// is no tag, `<!--` opens no comment, `&amp;` is no entity, `|` ends no table cell), as is
    /// a leading `#`, `-`, `+`, `=` or `1.` that could start a block. A CommonMark or GFM
    /// renderer shows exactly what was typed.
    static func text(_ text: String) -> String {
        // Almost every title holds no control character: escape its bytes directly (the
        // per-character loop below cost a sixth of a wiki export). An ASCII mark followed by a
        // combining accent is escaped here too, which a renderer shows the same way.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) { return escapedBytes(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                if out.last != " " { out.append(" ") }
                continue
            }
            if syntax.contains(character) { out.append("\\") }
            out.append(character)
        }
        if let first = out.first, "#+-=".contains(first) {
            out.insert("\\", at: out.startIndex)
        } else if let marker = out.firstIndex(where: { !$0.isASCII || !$0.isNumber }), marker != out.startIndex,
                  out[marker] == "." || out[marker] == ")" {
            out.insert("\\", at: marker)
        }
        return out
    }

    /// `text` for a line with no C0 or C1 control character (no byte below 0x20, no DEL, no
    /// 0xC2 lead byte, which starts every C1 control and a few Latin-1 signs).
    private static func escapedBytes(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte < 0x80, syntaxBytes[Int(byte)] { out.append(0x5C) }
            out.append(byte)
        }
        if let first = out.first, first == 0x23 || first == 0x2B || first == 0x2D || first == 0x3D {
            out.insert(0x5C, at: 0)
        } else if let marker = out.firstIndex(where: { $0 < 0x30 || $0 > 0x39 }), marker > 0,
                  out[marker] == 0x2E || out[marker] == 0x29 {
            out.insert(0x5C, at: marker)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `syntax` as a table by ASCII byte.
    private static let syntaxBytes: [Bool] = (0..<128).map { byte in
        syntax.contains(Character(Unicode.Scalar(UInt8(byte))))
    }

    /// Link text: the same escaping, which already keeps brackets and backslashes from ending the link.
    static func linkText(_ text: String) -> String { Inline.text(text) }

    /// ASCII punctuation with a meaning in CommonMark, GFM or inline HTML anywhere in a line.
    private static let syntax: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "|", "!"]

    /// A block of Markdown kept as written; an unclosed code block is closed so it cannot
    /// swallow the rest of the page, and it ends without trailing blank lines.
    static func block(_ text: String) -> String {
        var body = text
        while let last = body.last, last == "\n" || last == "\r" || last == " " || last == "\t" { body.removeLast() }
        if Markdown.endsInsideFence(body) { body += "\n" + closingFence(for: body) }
        return body
    }

    /// A fence long enough to close whatever fence is open.
    private static func closingFence(for text: String) -> String {
        var fence = Markdown.FenceTracker()
        var opener = "```"
        for line in Markdown.lines(text) {
            let wasInside = fence.isInside
            _ = fence.feed(line)
            if !wasInside && fence.isInside {
                let trimmed = line.drop { $0 == " " }
                let marker = trimmed.first ?? "`"
                opener = String(trimmed.prefix { $0 == marker })
            }
        }
        return opener
    }
}
