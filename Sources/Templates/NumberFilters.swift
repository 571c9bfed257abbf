/// StencilSwiftKit's number filters (SwiftGen/StencilSwiftKit
/// `Sources/StencilSwiftKit/Filters+Numbers.swift`): `hexToInt`, `int255toFloat`, `percent`.
///
/// StencilSwiftKit computes in `Float` and prints Swift's `Float` description
/// (`128|int255toFloat` is `0.5019608`). `TemplateValue` has no `Float`, so the result is the
/// `Double` nearest to the float's shortest decimal text: it prints the same digits, and
/// converting it back to `Float` gives the exact float again for `percent`.
enum NumberFilters {
    static let table: [String: FilterFunction] = [
        "hexToInt": .simple(hexToInt),
        "int255toFloat": .simple(int255toFloat),
        "percent": .simple(percent),
    ]

    /// A hexadecimal string as an integer; nil (prints nothing) when it is not one.
    static func hexToInt(_ value: TemplateValue) throws -> TemplateValue {
        guard case .string(let text) = value else { throw invalidInput("hexToInt") }
        return Int(text, radix: 16).map { .int($0) } ?? .null
    }

    /// An integer divided by 255, as a `Float`.
    static func int255toFloat(_ value: TemplateValue) throws -> TemplateValue {
        guard case .int(let number) = value else { throw invalidInput("int255toFloat") }
        return floatValue(Float(number) / Float(255.0))
    }

    /// A float times 100, truncated, followed by `%`. StencilSwiftKit only accepts `Float`;
    /// a JSON or YAML number with a fraction is taken as one.
    static func percent(_ value: TemplateValue) throws -> TemplateValue {
        guard case .double(let number) = value else { throw invalidInput("percent") }
        let scaled = Float(number) * 100.0
        // Swift's Int(_:) traps outside Int's range; a template must not crash us.
        guard scaled.isFinite, abs(scaled) < 9e18 else {
            throw TemplateError(message: "'percent' filter: \(number) is out of range")
        }
        return .string("\(Int(scaled))%")
    }

    /// The `Double` printing as the float does (see the type's comment).
    static func floatValue(_ float: Float) -> TemplateValue {
        .double(Double(float.description) ?? Double(float))
    }

    private static func invalidInput(_ name: String) -> TemplateError {
        TemplateError(message: "Invalid input type for filter '\(name)'")
    }
}
