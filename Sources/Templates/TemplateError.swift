/// An error while parsing or rendering a template, pointing at the offending place.
///
/// `description` reads like a compiler diagnostic:
/// ```
/// Name.stencil:3:14: error: unknown filter 'uppercaes'
/// {{ name|uppercaes }}
///         ^
/// ```
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The template's name, nil for an unnamed string template.
    public var templateName: String?
    /// 1-based line, 0 when the place is unknown (for example a missing top-level template).
    public var line: Int
    /// 1-based column (in characters), 0 when unknown.
    public var column: Int
    /// What went wrong.
    public var message: String
    /// The text of the offending line (without its newline), empty when unknown.
    public var sourceLine: String
    /// The limit of the render's ``RenderBudget`` that ran out; nil for every other error.
    public var exceededBudget: RenderBudget.Limit?

    /// Creates an error; the location can be filled in later by the engine.
    public init(
        message: String, templateName: String? = nil, line: Int = 0, column: Int = 0,
        sourceLine: String = ""
    ) {
        self.message = message
        self.templateName = templateName
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// True once a line is known.
    var hasLocation: Bool { line > 0 }

    /// This error placed at `location` unless it already has a place.
    func located(at location: SourceLocation?) -> TemplateError {
        guard !hasLocation, let location else { return self }
        var copy = self
        copy.templateName = location.templateName
        copy.line = location.line
        copy.column = location.column
        copy.sourceLine = location.lineText
        return copy
    }

    /// `name:line:column: error: message`, then the source line and a caret.
    public var description: String {
        let name = templateName ?? "<template>"
        guard hasLocation else { return "\(name): error: \(message)" }
        let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
        return "\(name):\(line):\(column): error: \(message)\n\(sourceLine)\n\(caret)"
    }
}

/// A template's text kept for error reporting; lines and columns are only worked out
/// when an error needs them, so parsing stays cheap.
final class TemplateSource: Sendable {
    let name: String?
    let scalars: [Unicode.Scalar]
    /// Scalar index where each line starts.
    let lineStarts: [Int]

    init(name: String?, scalars: [Unicode.Scalar]) {
        self.name = name
        self.scalars = scalars
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" {
            starts.append(index + 1)
        }
        self.lineStarts = starts
    }

    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }
}

/// Where a token starts in its template.
struct SourceLocation: Sendable {
    let source: TemplateSource
    /// Scalar offset in the template.
    let position: Int
    /// Extra characters to the right (to point inside a tag).
    var shift = 0

    var templateName: String? { source.name }

    private var lineIndex: Int {
        var low = 0
        var high = source.lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if source.lineStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private var lineRange: Range<Int> {
        let index = lineIndex
        let start = source.lineStarts[index]
        var end = index + 1 < source.lineStarts.count ? source.lineStarts[index + 1] - 1 : source.scalars.count
        if end > start && source.scalars[end - 1] == "\r" { end -= 1 }
        return start..<max(start, end)
    }

    /// 1-based line.
    var line: Int { lineIndex + 1 }

    /// 1-based column in characters.
    var column: Int {
        let range = lineRange
        let end = min(max(position, range.lowerBound), range.upperBound)
        return source.string(range.lowerBound..<end).count + 1 + shift
    }

    /// The line's text without its newline.
    var lineText: String { source.string(lineRange) }

    /// The same place shifted right by `offset` characters on the same line.
    func shifted(by offset: Int) -> SourceLocation {
        var copy = self
        copy.shift += offset
        return copy
    }
}

/// Wraps any error as a located ``TemplateError`` (filters may throw their own errors).
func templateError(_ error: any Error, at location: SourceLocation?) -> TemplateError {
    if let error = error as? TemplateError { return error.located(at: location) }
    return TemplateError(message: String(describing: error)).located(at: location)
}
