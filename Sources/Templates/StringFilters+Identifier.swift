import Foundation

// `swiftIdentifier` and `escapeReservedKeywords`: turning arbitrary text into Swift names.
extension StringFilters {
    /// Makes a valid Swift identifier out of arbitrary text.
    ///
    /// Every scalar that may not appear inside an identifier separates parts; parts are joined
    /// with `_`. `.normal` uppercases the first scalar of each part, `.valid` does not,
    /// `.pretty` camel-cases the normal result. A `_` is prepended when the result cannot
    /// start an identifier (a digit first): "25 Ultra Light" -> "_25_Ultra_Light".
    public static func swiftIdentifier(_ s: String, mode: SwiftIdentifierMode = .normal) -> String {
        switch mode {
        case .normal:
            return identifier(from: s, capitalizeParts: true)
        case .valid:
            return identifier(from: s, capitalizeParts: false)
        case .pretty:
            let camel = snakeToCamelCase(identifier(from: s, capitalizeParts: true), stripLeading: true)
            return prefixWithUnderscoreIfNeeded(camel)
        }
    }

    /// `swiftIdentifier` choosing between `.pretty` and `.normal`.
    public static func swiftIdentifier(_ s: String, pretty: Bool) -> String {
        swiftIdentifier(s, mode: pretty ? .pretty : .normal)
    }

    /// Wraps Swift keywords in backticks ("self" -> "`self`"); other text is returned as is.
    public static func escapeReservedKeywords(_ s: String) -> String {
        reservedKeywords.contains(s) ? "`\(s)`" : s
    }

    // MARK: Helpers

    static func identifier(from s: String, capitalizeParts: Bool) -> String {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isIdentifierTail(scalar) {
                current.append(scalar)
            } else {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        parts.append(String(current))
        let mapped = capitalizeParts ? parts.map(upperFirstLetter) : parts
        return prefixWithUnderscoreIfNeeded(mapped.joined(separator: "_"))
    }

    static func prefixWithUnderscoreIfNeeded(_ s: String) -> String {
        guard let first = s.unicodeScalars.first else { return "" }
        return isIdentifierHead(first) ? s : "_" + s
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        identifierHeadRanges.contains { $0.contains(scalar.value) }
    }

    static func isIdentifierTail(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierHead(scalar) || identifierTailOnlyRanges.contains { $0.contains(scalar.value) }
    }

    /// Scalars that may start an identifier, after The Swift Programming Language's lexical
    /// structure chapter (the list StencilSwiftKit uses).
    static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0x61...0x7A, 0x41...0x5A, 0x5F...0x5F, 0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF,
        0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
        0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF,
        0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// Scalars that may continue, but not start, an identifier: digits and combining marks.
    static let identifierTailOnlyRanges: [ClosedRange<UInt32>] = [
        0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// The keyword list StencilSwiftKit escapes (it predates some newer Swift keywords).
    static let reservedKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil",
        "rethrows", "super", "self", "Self", "throw", "throws", "true", "try", "_",
        "#available", "#colorLiteral", "#column", "#else", "#elseif", "#endif", "#file",
        "#fileLiteral", "#function", "#if", "#imageLiteral", "#line", "#selector",
        "#sourceLocation", "associativity", "convenience", "dynamic", "didSet", "final", "get",
        "infix", "indirect", "lazy", "left", "mutating", "none", "nonmutating", "optional",
        "override", "postfix", "precedence", "prefix", "Protocol", "required", "right", "set",
        "Type", "unowned", "weak", "willSet",
    ]
}
