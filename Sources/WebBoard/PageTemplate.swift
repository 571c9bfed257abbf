import Site

/// A rendered page kept as bytes with holes for what differs per request (the session's CSRF
/// token, the notice above the board): filled by copying, so a page asked for again costs a
/// copy, not a render or a search through half a megabyte of text.
struct PageTemplate: Sendable {
    /// The language of the page's words (the notice filled in later is worded in it too).
    let language: SiteLanguage

    /// What goes in a hole.
    enum Hole: Sendable {
        case csrf, notice
    }

    /// The markers the renderer writes for the holes. Escaped user text never holds U+0001
    /// (the site's escaping replaces control characters), so no title can produce one.
    static let csrfMarker = "\u{1}csrf\u{1}"
    static let noticeMarker = "\u{1}notice\u{1}"

    private var pieces: [[UInt8]] = []
    /// The hole after each piece but the last.
    private var holes: [Hole] = []

    init(_ html: String, language: SiteLanguage = .en) {
        self.language = language
        let bytes = Array(html.utf8)
        let csrf = Array(Self.csrfMarker.utf8), notice = Array(Self.noticeMarker.utf8)
        var start = 0, index = 0
        while index < bytes.count {
            guard bytes[index] == 1 else { index += 1; continue }
            let hole: Hole? = bytes[index...].starts(with: csrf) ? .csrf : bytes[index...].starts(with: notice) ? .notice : nil
            guard let hole else { index += 1; continue }
            pieces.append(Array(bytes[start..<index]))
            holes.append(hole)
            index += hole == .csrf ? csrf.count : notice.count
            start = index
        }
        pieces.append(Array(bytes[start...]))
    }

    /// The page with its holes filled (both are markup, escaped by the caller).
    func bytes(csrf: String, notice: String) -> [UInt8] {
        let csrf = Array(csrf.utf8), notice = Array(notice.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + holes.count * csrf.count + notice.count)
        for (index, piece) in pieces.enumerated() {
            out += piece
            if index < holes.count { out += holes[index] == .csrf ? csrf : notice }
        }
        return out
    }
}
