import Foundation

/// The frame every page shares: doctype, `lang`, viewport, colour schemes, the one stylesheet,
/// a skip link, the navigation, `<main>` and the footer. Pages only write what goes in `<main>`.
struct PageLayout {
    let language: SiteLanguage
    let team: String
    let today: String

    /// A whole document; `title` and `team` are user text and escaped here, `main` is HTML.
    /// `links` replaces the site's navigation and `head` adds elements to `<head>` (the live
    /// board's script); both are markup written by the caller, not user text.
    func document(title: String, main: String, current: String, links given: [(String, String)]? = nil, head: String = "") -> String {
        let word = language.word
        let links = given ?? [("index.html", word("dashboard")), ("index.html#weeks", word("weeks")),
                              ("index.html#reviews", word("reviews")), ("index.html#pages", word("pages"))]
        let nav = links.map { href, text in
            "<a href=\"\(href)\"\(href == current ? " aria-current=\"page\"" : "")>\(HTML.text(text))</a>"
        }.joined(separator: "\n")
        return """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="teamflow">
        <title>\(HTML.line(title)) · \(HTML.line(team))</title>
        <link rel="stylesheet" href="style.css">
        \(head)</head>
        <body>
        <a class="skip" href="#main">\(HTML.text(word("skip")))</a>
        <header class="site">
        <p class="team"><a href="index.html">\(HTML.line(team))</a></p>
        <nav aria-label="\(HTML.attribute(word("dashboard")))">
        \(nav)
        </nav>
        </header>
        <main id="main">
        \(main)</main>
        <footer class="site"><p>\(HTML.text(word("generated"))) <time datetime="\(HTML.attribute(today))">\(HTML.text(today))</time> · teamflow</p></footer>
        </body>
        </html>

        """
    }
}

/// Small pieces of markup the pages share.
enum Markup {
    /// `<progress>` with the numbers beside it as text (the bar alone says nothing to a reader).
    static func progress(done: Int, total: Int) -> String {
        let percent = total > 0 ? done.clamped(0, total) * 100 / total : 0
        return "<span class=\"progress\"><progress max=\"\(max(total, 0))\" value=\"\(done.clamped(0, max(total, 0)))\">\(percent)%</progress> "
            + "<span class=\"count\">\(done)/\(total) (\(percent)%)</span></span>"
    }

    /// A checkbox that shows, not edits, whether an item is done, labelled with the item's
    /// title for screen readers.
    static func check(_ done: Bool, label: String) -> String {
        "<input type=\"checkbox\" disabled\(done ? " checked" : "") aria-label=\"\(HTML.attribute(label))\">"
    }

    /// An item's short id, as the terminal prints it (and as commands accept it), as a link to
    /// the item's anchor when `href` is given. The link sits inside the `<code>`, so the id stays
    /// the line's first code element and the title the text right after it.
    static func id(_ shortID: String, href: String? = nil) -> String {
        guard let href else { return "<code class=\"id\">\(HTML.line(shortID))</code>" }
        return "<code class=\"id\"><a href=\"\(HTML.attribute(href))\">\(HTML.line(shortID))</a></code>"
    }

    /// An element id as a URL fragment: what a fragment may not hold literally is
    /// percent-encoded (browsers decode it again to find the element).
    static func fragment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? id
    }

    /// A list of links, or the "nothing" line.
    static func links(_ items: [(href: String, text: String)], empty: String) -> String {
        guard !items.isEmpty else { return "<p class=\"empty\">\(HTML.text(empty))</p>\n" }
        return "<ul class=\"links\">\n" + items.map { "<li><a href=\"\(HTML.attribute($0.href))\">\(HTML.line($0.text))</a></li>\n" }.joined()
            + "</ul>\n"
    }

    /// A chart written as its own file, shown as an image with its words as the text alternative.
    static func figure(file: String, alt: String, caption: String) -> String {
        "<figure class=\"chart\"><img src=\"\(HTML.attribute(file))\" alt=\"\(HTML.attribute(alt))\" width=\"640\" height=\"320\">"
            + "<figcaption>\(HTML.line(caption))</figcaption></figure>\n"
    }
}

extension Int {
    func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), Swift.max(low, high)) }
}
