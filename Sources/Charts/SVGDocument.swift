/// The frame every SVG chart shares: fixed size and viewBox, `role="img"` labelled by its
/// `<title>` and `<desc>`, one stylesheet with a dark variant, a background and the drawn body.
struct SVGDocument {
    /// Fonts ending in a generic family; Noto Sans CJK KR and the platforms' Korean fonts first
    /// after the system UI fonts, so Hangul never falls back to boxes where one is installed.
    static let fontFamily = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK KR', 'Noto Sans KR', "
        + "'Apple SD Gothic Neo', 'Malgun Gothic', 'Helvetica Neue', Arial, sans-serif"

    /// Fills for series: team first, then members (colour-blind friendly, readable on both themes).
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#bab0ac"]

    let width: Double
    let height: Double
    let id: String
    let title: String
    let description: String
    var body: [String] = []

    /// The complete document (UTF-8 text ending in a newline).
    func rendered() -> String {
        let w = String(ChartMath.int(width, in: 0...10_000)), h = String(ChartMath.int(height, in: 0...10_000))
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" "
                + "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">",
            "<title id=\"\(id)-title\">\(SVGText.escaped(title))</title>",
            "<desc id=\"\(id)-desc\">\(SVGText.escaped(description))</desc>",
            "<style>",
            "text{font-family:\(Self.fontFamily);font-size:12px;fill:#1f2328}",
            ".bg{fill:#ffffff}.axis{stroke:#57606a;stroke-width:1}.grid{stroke:#d0d7de;stroke-width:1}",
            ".muted{fill:#57606a}.title{font-size:14px;font-weight:600}.small{font-size:11px}",
            ".avg{stroke:#9a6700;stroke-width:1.5;stroke-dasharray:6 4}.avgtext{fill:#9a6700}",
            ".ideal{stroke:#8c959f;stroke-width:2;stroke-dasharray:6 4;fill:none}",
            ".open{stroke:#0969da;stroke-width:2.5;fill:none}.dot{fill:#0969da}",
            ".scope{stroke:#8250df;stroke-width:2;stroke-dasharray:8 3 2 3;fill:none}",
            ".today{stroke:#cf222e;stroke-width:1.5;stroke-dasharray:3 3}.todaytext{fill:#cf222e}",
            "@media (prefers-color-scheme: dark){.bg{fill:#0d1117}text{fill:#e6edf3}.muted{fill:#8d96a0}",
            ".axis{stroke:#8d96a0}.grid{stroke:#30363d}.avg{stroke:#d29922}.avgtext{fill:#d29922}",
            ".open{stroke:#4493f8}.dot{fill:#4493f8}.scope{stroke:#a371f7}.today{stroke:#f85149}.todaytext{fill:#f85149}}",
            "</style>",
            "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\"/>",
        ]
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `<text>` element; `content` must already be escaped.
    static func text(_ content: String, x: Double, y: Double, anchor: String = "start", cssClass: String? = nil) -> String {
        let classAttribute = cssClass.map { " class=\"\($0)\"" } ?? ""
        return "<text x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" text-anchor=\"\(anchor)\"\(classAttribute)>\(content)</text>"
    }

    /// A `<line>` element.
    static func line(x1: Double, y1: Double, x2: Double, y2: Double, cssClass: String) -> String {
        "<line class=\"\(cssClass)\" x1=\"\(SVGText.number(x1))\" y1=\"\(SVGText.number(y1))\" "
            + "x2=\"\(SVGText.number(x2))\" y2=\"\(SVGText.number(y2))\"/>"
    }

    /// A `<rect>` filled with `fill`.
    static func rect(x: Double, y: Double, width: Double, height: Double, fill: String) -> String {
        "<rect x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(width))\" "
            + "height=\"\(SVGText.number(height))\" fill=\"\(fill)\"/>"
    }

    /// The "no data" body: the heading and the words in the middle.
    static func noData(title: String, words: String, width: Double, height: Double) -> [String] {
        [text(SVGText.label(title, cells: 60), x: 16, y: 24, cssClass: "title"),
         text(SVGText.label(words, cells: 40), x: width / 2, y: height / 2, anchor: "middle", cssClass: "muted")]
    }
}
