/// What one body may ask of libcmark-gfm before it runs long. Debian 12's libcmark-gfm
/// (0.29.0.gfm.6) still has the super-linear cases that upstream fixed in gfm.7 to gfm.13: a
/// few hundred KiB of `![[]()`, `*[a](b)` or `~__> **` in one paragraph, `<(www.` or `a)))` after
/// `www.` in one word, `a@b` in one line, a table with thousands of columns or a wide header over
/// thousands of lines (every row is filled up to the header's width), or a deeply nested line
/// followed by many lines take seconds to hours. cmark is linear on everything else.
///
/// One pass over the bytes bounds each case's work from above by a product of counts, per word,
/// line or run of non-blank lines (a paragraph or a table never spans a blank line); past
/// `limit` the feature concerned is left off for this body (tables, strikethrough, autolinks)
/// or, for the core cases, Markdown as a whole (the body is shown as plain text). The bounds
/// only depend on the text, so the same body always gives the same page. Ordinary writing stays
/// far below the limit: a paragraph with 300 links and 300 words in *emphasis* costs 180,000
/// steps, a 500 KiB page of tables, task lists, links and code a few hundred thousand.
struct MarkdownBudget {
    /// Steps allowed per case: about a tenth of a second of cmark's time on a slow machine.
    static let limit = 10_000_000

    private(set) var allowsMarkdown = true
    private(set) var allowsTables = true
    private(set) var allowsStrikethrough = true
    private(set) var allowsAutolinks = true

    /// The bounds of cmark's work in each case (see where they are added up).
    private(set) var nesting = 0, inlines = 0, tables = 0, strikethrough = 0, autolinks = 0

    init(_ text: String) {
        var scan = Scan()
        for byte in text.utf8 { scan.feed(byte) }
        scan.endLine()
        scan.endRun()
        // Every line is checked against each container still open: at most the deepest prefix.
        nesting = Self.product(scan.deepest, scan.lines)
        inlines = scan.inlines
        tables = scan.tables
        strikethrough = scan.strikethrough
        autolinks = scan.autolinks
        allowsMarkdown = nesting <= Self.limit && inlines <= Self.limit
        allowsTables = tables <= Self.limit
        allowsStrikethrough = strikethrough <= Self.limit
        allowsAutolinks = autolinks <= Self.limit
    }

    /// One pass: counts per word (up to white space), per line and per run of non-blank lines.
    private struct Scan {
        var lines = 0, deepest = 0
        var inlines = 0, tables = 0, strikethrough = 0, autolinks = 0
        private var last: (UInt8, UInt8, UInt8) = (0, 0, 0)
        private var prefix = Prefix(), inPrefix = true, blank = true
        private var lineBytes = 0, ats = 0
        private var wordBytes = 0, wordStarts = 0, wordParens = 0
        private var runLines = 0, imageOpeners = 0, closers = 0, delimiters = 0, tildes = 0, widestDelimiterRow = 0
        private var row = DelimiterRow()

        mutating func feed(_ byte: UInt8) {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !(byte == UInt8(ascii: "\n") && last.2 == UInt8(ascii: "\r")) {
                    let wasBlank = blank
                    endLine()
                    if wasBlank { endRun() }
                }
                last = (last.1, last.2, byte)
                return
            }
            if inPrefix { inPrefix = prefix.feed(byte) }
            lineBytes += 1
            row.feed(byte)
            // Only spaces and tabs leave a line blank; cmark's autolinks also stop at \v and \f.
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { blank = false }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C {
                endWord()
            } else {
                wordBytes += 1
            }
            switch byte {
            case UInt8(ascii: "["): if last.2 == UInt8(ascii: "!") { imageOpeners += 1 }
            case UInt8(ascii: "]"): closers += 1
            case UInt8(ascii: "*"), UInt8(ascii: "_"): delimiters += 1
            case UInt8(ascii: "~"): delimiters += 1; tildes += 1
            case UInt8(ascii: "@"): ats += 1
            case UInt8(ascii: ")"): wordParens += 1
            case UInt8(ascii: "."): if last == (UInt8(ascii: "w"), UInt8(ascii: "w"), UInt8(ascii: "w")) { wordStarts += 1 }
            case UInt8(ascii: "/"): if last.1 == UInt8(ascii: ":") && last.2 == UInt8(ascii: "/") { wordStarts += 1 }
            default: break
            }
            last = (last.1, last.2, byte)
        }

        /// An autolink that starts (`www.`, `://`) scans to the end of its word, and each `)`
        /// ending one rescans it.
        private mutating func endWord() {
            if wordStarts > 0 { autolinks = sum(autolinks, product(wordStarts + wordParens, wordBytes)) }
            wordBytes = 0
            wordStarts = 0
            wordParens = 0
        }

        mutating func endLine() {
            endWord()
            lines += 1
            deepest = max(deepest, prefix.depth)
            // Each `@` scans the text around it, up to the line's end at most.
            autolinks = sum(autolinks, product(ats, lineBytes))
            if !blank { runLines += 1 }
            if let cells = row.cells { widestDelimiterRow = max(widestDelimiterRow, cells) }
            prefix = Prefix()
            inPrefix = true
            blank = true
            lineBytes = 0
            ats = 0
            row = DelimiterRow()
        }

        /// A paragraph or a table never spans a blank line.
        mutating func endRun() {
            // A link closing walks back over the image openers and the emphasis delimiters before it.
            inlines = sum(inlines, product(imageOpeners + delimiters, closers))
            // A `~` closer looks at every delimiter before it (no bottom kept for extension delimiters).
            strikethrough = sum(strikethrough, product(tildes, delimiters))
            // Every row gets the header's width; rendering a cell counts the cells before it.
            tables = sum(tables, product(product(widestDelimiterRow, widestDelimiterRow), runLines))
            runLines = 0
            imageOpeners = 0
            closers = 0
            delimiters = 0
            tildes = 0
            widestDelimiterRow = 0
        }

        private func product(_ a: Int, _ b: Int) -> Int { MarkdownBudget.product(a, b) }
        private func sum(_ a: Int, _ b: Int) -> Int { MarkdownBudget.sum(a, b) }
    }

    /// Whether a line could be a table's delimiter row: after spaces and `>`, only `|`, `-`, `:`
    /// and white space, with a `-`. Its cells are at most its pipes plus one.
    private struct DelimiterRow {
        private var started = false, dash = false, other = false, pipes = 0

        var cells: Int? { dash && !other ? pipes + 1 : nil }

        mutating func feed(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: break
            case UInt8(ascii: ">") where !started: break
            case UInt8(ascii: "|"): started = true; pipes += 1
            case UInt8(ascii: "-"): started = true; dash = true
            case UInt8(ascii: ":"): started = true
            default: other = true
            }
        }
    }

    /// The container markers a line starts with (indentation, `>`, list markers): the most
    /// containers it can open or continue. A tab counts four.
    private struct Prefix {
        private var counted = 0, digits = 0, marker: UInt8?

        /// A marker ending the line (`-` alone) opens an empty item.
        var depth: Int { counted + (marker == nil ? 0 : digits + 2) }

        /// Takes the line's next byte; false once the prefix has ended.
        mutating func feed(_ byte: UInt8) -> Bool {
            let space = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            if marker != nil {
                guard space else { return false }
                counted = depth + (byte == UInt8(ascii: "\t") ? 3 : 0)
                marker = nil
                digits = 0
                return true
            }
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if digits > 0 || digit {
                // An ordered marker: up to nine digits, then `.` or `)`.
                if digit && digits < 9 { digits += 1; return true }
                guard digits > 0, byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")") else { return false }
                marker = byte
                return true
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: ">"): counted += 1
            case UInt8(ascii: "\t"): counted += 4
            case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"): marker = byte
            default: return false
            }
            return true
        }
    }

    /// Products and sums that stop at `Int.max` (a bound, never a wrapped number).
    static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : value
    }

    static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : value
    }
}
