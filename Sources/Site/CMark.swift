internal import CCMark
import Foundation

/// The one file that calls libcmark-gfm (GitHub's CommonMark with its extensions). It parses a
/// body, rewrites the tree to the site's rules (`rewrite`) and renders it; only Swift values
/// come in and go out. Each C handle has exactly one owner: the parser, the document, the
/// iterators and the rendered string are freed by a `defer` beside their creation, and a node
/// made here belongs to a `Detached` until the tree takes it.
enum CMark {
    /// A libcmark-gfm call that failed (`what` names it); the caller shows the body as plain text.
    struct Failure: Error {
        let what: String
    }

    /// Which extensions the parser gets, and how the tree is rewritten before rendering.
    struct Settings {
        var extensions: [String]
        var headingShift: Int
        /// Whether a link or image may keep this destination (as cmark decoded it: entities and
        /// backslash escapes resolved).
        var allows: (String) -> Bool
    }

    /// Safe mode (no `CMARK_OPT_UNSAFE`): raw HTML the rewrite missed would become an
    /// `<!-- raw HTML omitted -->` comment and a `javascript:`, `vbscript:`, `file:` or
    /// non-image `data:` destination an empty `href`. Line breaks in a paragraph stay line
    /// breaks, as in GitHub's comments.
    static let options: Int32 = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_HARDBREAKS

    /// cmark's extension registry is a plain global: filled once, before any parser reads it
    /// (a `static let` runs its initialiser exactly once, whichever thread comes first).
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// `markdown` as HTML, exactly as cmark renders the rewritten tree.
    static func html(_ markdown: String, _ settings: Settings) throws -> String {
        guard registered else { throw Failure(what: "cmark_gfm_core_extensions_ensure_registered") }
        let parser = try required(cmark_parser_new(options), "cmark_parser_new")
        defer { cmark_parser_free(parser) }
        for name in settings.extensions {
            let extensionHandle = try required(cmark_find_syntax_extension(name), "cmark_find_syntax_extension(\(name))")
            try check(cmark_parser_attach_syntax_extension(parser, extensionHandle), "cmark_parser_attach_syntax_extension(\(name))")
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        let document = try required(cmark_parser_finish(parser), "cmark_parser_finish")
        defer { cmark_node_free(document) }
        try rewrite(document, settings)
        let rendered = try required(cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)), "cmark_render_html")
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The site's rules on the tree: headings move down by `headingShift` (at most `<h6>`); raw
    /// HTML becomes text (a block becomes a paragraph of its lines); an image becomes a link to
    /// its destination with its description as text, or that text alone inside a link or when the
    /// destination is refused (a page fetches nothing); a refused link leaves its text.
    /// The nodes are collected first and changed after the walk, as cmark's iterator requires.
    private static func rewrite(_ document: OpaquePointer, _ settings: Settings) throws {
        var headings: [OpaquePointer] = [], htmlBlocks: [OpaquePointer] = [], htmlInlines: [OpaquePointer] = []
        var images: [(node: OpaquePointer, insideLink: Bool)] = [], links: [OpaquePointer] = []
        // Inside an image nothing is collected: the image is freed with everything below it.
        var imageDepth = 0, linkDepth = 0
        try walk(document) { node, entering in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING where entering: headings.append(node)
            case CMARK_NODE_HTML_BLOCK: htmlBlocks.append(node)
            case CMARK_NODE_HTML_INLINE where imageDepth == 0: htmlInlines.append(node)
            case CMARK_NODE_IMAGE:
                if entering && imageDepth == 0 { images.append((node, linkDepth > 0)) }
                imageDepth += entering ? 1 : -1
            case CMARK_NODE_LINK:
                if entering && imageDepth == 0 { links.append(node) }
                linkDepth += entering ? 1 : -1
            default: break
            }
        }
        for heading in headings {
            let level = min(6, max(1, Int(cmark_node_get_heading_level(heading)) + settings.headingShift))
            try check(cmark_node_set_heading_level(heading, Int32(level)), "cmark_node_set_heading_level")
        }
        for block in htmlBlocks {
            let paragraph = try Detached(CMARK_NODE_PARAGRAPH)
            var lines = literal(block).split(separator: "\n", omittingEmptySubsequences: false)
            while lines.last?.isEmpty == true { lines.removeLast() }
            for (index, line) in lines.enumerated() {
                if index > 0 { try paragraph.append(Detached(CMARK_NODE_LINEBREAK)) }
                try paragraph.append(Detached(text: String(line)))
            }
            try replace(block, with: [paragraph])
        }
        for html in htmlInlines {
            try replace(html, with: [Detached(text: literal(html))])
        }
        for (image, insideLink) in images {
            let description = try plainText(image)
            let url = cmark_node_get_url(image).map { String(cString: $0) } ?? ""
            if !insideLink && settings.allows(url) {
                let link = try Detached(CMARK_NODE_LINK)
                try link.set(cmark_node_set_url, url, "cmark_node_set_url")
                if let title = cmark_node_get_title(image).map({ String(cString: $0) }), !title.isEmpty {
                    try link.set(cmark_node_set_title, title, "cmark_node_set_title")
                }
                try link.append(Detached(text: description.isEmpty ? url : description))
                try replace(image, with: [link])
            } else {
                try replace(image, with: description.isEmpty ? [] : [Detached(text: description)])
            }
        }
        for link in links where !settings.allows(cmark_node_get_url(link).map { String(cString: $0) } ?? "") {
            while let child = cmark_node_first_child(link) {
                try check(cmark_node_insert_before(link, child), "cmark_node_insert_before")
            }
            cmark_node_free(link)
        }
    }

    /// Every node below and including `root`, with whether the walk is entering it (leaves are
    /// only entered). cmark's iterator keeps no recursion, so any depth is fine.
    private static func walk(_ root: OpaquePointer, _ visit: (OpaquePointer, Bool) throws -> Void) throws {
        let iterator = try required(cmark_iter_new(root), "cmark_iter_new")
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { return }
            if let node = cmark_iter_get_node(iterator) { try visit(node, event == CMARK_EVENT_ENTER) }
        }
    }

    /// An image's description as plain text (what `alt` would hold): the literal text below it,
    /// line breaks as spaces.
    private static func plainText(_ node: OpaquePointer) throws -> String {
        var text = ""
        try walk(node) { child, _ in
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += literal(child)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: break
            }
        }
        return text
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// Puts `nodes` where `old` is, in order, and frees `old` with everything below it.
    private static func replace(_ old: OpaquePointer, with nodes: [Detached]) throws {
        for node in nodes { try node.place { cmark_node_insert_before(old, $0) } }
        cmark_node_free(old)
    }

    /// The one check of what libcmark-gfm returns: 1 is success for its setters and inserters.
    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 1 else { throw Failure(what: what) }
    }

    private static func required<T>(_ handle: T?, _ what: String) throws -> T {
        guard let handle else { throw Failure(what: what) }
        return handle
    }

    /// A node made here and not yet in the tree, and its one owner: it is freed (with its
    /// children) unless `place` hands it to the tree.
    private final class Detached {
        private var node: OpaquePointer?

        init(_ type: cmark_node_type) throws {
            node = try required(cmark_node_new(type), "cmark_node_new")
        }

        convenience init(text: String) throws {
            try self.init(CMARK_NODE_TEXT)
            try set(cmark_node_set_literal, text, "cmark_node_set_literal")
        }

        deinit {
            if let node { cmark_node_free(node) }
        }

        func set(_ setter: (OpaquePointer?, UnsafePointer<CChar>?) -> Int32, _ value: String, _ what: String) throws {
            let node = try required(node, what)
            try check(value.withCString { setter(node, $0) }, what)
        }

        func append(_ child: Detached) throws {
            let node = try required(node, "cmark_node_append_child")
            try child.place { cmark_node_append_child(node, $0) }
        }

        /// Hands the node to the tree: `insert` is a cmark call that links it in (1 on success).
        func place(_ insert: (OpaquePointer) -> Int32) throws {
            let handle = try required(node, "a node placed twice")
            try check(insert(handle), "inserting a node")
            node = nil
        }
    }
}
