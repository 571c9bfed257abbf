/// Markdown bodies users wrote (wiki pages, journal entries, review sections, comments) as
/// GitHub shows them: GitHub Flavored Markdown rendered by libcmark-gfm, GitHub's own renderer,
/// with tables, task lists, strikethrough and autolinks (and tagfilter), line breaks kept as in
/// GitHub's comments. On top, the site's rules (docs/SITE.md, "Markdown"):
///
/// - raw HTML is shown as text, never passed through;
/// - a link keeps its destination only when it is `http`, `https`, `mailto` or relative
///   (`javascript:`, `data:`, `vbscript:`, `file:`, `//host` leave the link's text alone);
/// - an image becomes a link to the image (its description as the text): a page never fetches
///   anything from elsewhere;
/// - headings move down by `headingShift` (the page has its own `<h1>`);
/// - characters HTML forbids or that could spoof text become U+FFFD, as everywhere on the site;
/// - a body that would make this libcmark-gfm run long (`MarkdownBudget`) loses the feature
///   concerned, or is shown as plain preformatted text.
struct GitHubMarkdown {
    /// How many levels headings move down: with 1, `#` is `<h2>`.
    var headingShift = 1

    /// The GitHub extensions, in the order cmark-gfm documents them.
    static let extensions = ["table", "tasklist", "strikethrough", "autolink", "tagfilter"]

    func html(fromMarkdown markdown: String) -> String {
        let budget = MarkdownBudget(markdown)
        guard budget.allowsMarkdown else { return Self.plain(markdown) }
        let extensions = Self.extensions.filter { name in
            switch name {
            case "table": budget.allowsTables
            case "strikethrough": budget.allowsStrikethrough
            case "autolink": budget.allowsAutolinks
            default: true
            }
        }
        let settings = CMark.Settings(extensions: extensions, headingShift: headingShift, allows: Self.allowsDestination)
        guard let html = try? CMark.html(markdown, settings) else { return Self.plain(markdown) }
        return Self.sanitized(html)
    }

    /// A destination a link may keep: `http`, `https`, `mailto` or relative (no scheme, not
    /// `//host`), without controls or spaces (`HTML.safeURL`'s rule plus `mailto:`, which
    /// autolinked addresses get).
    static func allowsDestination(_ url: String) -> Bool {
        guard url.lowercased().hasPrefix("mailto:") else { return HTML.safeURL(url) != nil }
        let address = url.dropFirst("mailto:".count)
        return !address.isEmpty && !address.unicodeScalars.contains { $0.value <= 0x20 || HTML.isUnsafe($0) || $0 == "\\" }
    }

    /// The body as it was typed, escaped, when it cannot be rendered.
    static func plain(_ markdown: String) -> String {
        "<pre class=\"plain\">" + HTML.text(markdown) + "</pre>\n"
    }

    /// cmark writes text as it decoded it (`&#x202E;` becomes the character itself): the
    /// characters `HTML.isUnsafe` names become U+FFFD and a carriage return a line feed.
    static func sanitized(_ html: String) -> String {
        // Only these bytes start a character `isUnsafe` names: most pages skip the slow pass.
        var html = html
        let suspicious = html.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 ? byte != 0x09 && byte != 0x0A : byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF || byte >= 0xF0 {
                    return true
                }
                index += 1
            }
            return false
        }
        guard suspicious else { return html }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in html.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\r" { out.append("\n"); continue }
            if scalar == "\n" && afterCR { continue }
            out.append(HTML.isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(out)
    }
}
