public import Foundation

/// StencilSwiftKit's context enrichment (SwiftGen/StencilSwiftKit
/// `Sources/StencilSwiftKit/Parameters.swift` and `Context.swift`): command-line parameters
/// under `param`, the process environment under `env`.
public enum ContextEnrichment {
    /// The context key of the parameters.
    public static let parametersKey = "param"
    /// The context key of the environment variables.
    public static let environmentKey = "env"

    /// A `--param` item that cannot be read, with StencilSwiftKit's reason.
    public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The item as given.
        public let item: String
        /// Why it was refused.
        public let reason: String

        /// A one-line message naming the item.
        public var description: String { "invalid parameter '\(item)': \(reason)" }
    }

    /// Parses `KEY=VALUE` items into a dictionary: `KEY` alone is `true`, `a.b=c` nests, a
    /// repeated key collects its values into a list, and everything after the first `=` is
    /// the value. A key (each dotted part) is letters and digits only; a key cannot change
    /// from a value to a dictionary or back.
    public static func parameters(from items: [String]) throws -> TemplateValue {
        var result: [String: TemplateValue] = [:]
        for item in items {
            let (key, value) = try split(item)
            try insert(value, at: key[...], item: item, into: &result)
        }
        return .dictionary(result)
    }

    /// The environment variables as a dictionary of strings.
    public static func environment(_ variables: [String: String]) -> TemplateValue {
        .dictionary(variables.mapValues { .string($0) })
    }

    /// `context` with `param` and `env` added; entries of the same name already in those
    /// dictionaries of `context` are replaced, others kept (StencilSwiftKit's merge).
    public static func enrich(
        _ context: [String: TemplateValue], parameters: TemplateValue,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: TemplateValue] {
        var context = context
        context[environmentKey] = merge(context[environmentKey], with: Self.environment(environment))
        context[parametersKey] = merge(context[parametersKey], with: parameters)
        return context
    }

    private static func merge(_ base: TemplateValue?, with new: TemplateValue) -> TemplateValue {
        guard case .dictionary(var result) = base else { return new }
        if case .dictionary(let entries) = new {
            for (key, value) in entries { result[key] = value }
        }
        return .dictionary(result)
    }

    private static func split(_ item: String) throws -> ([String], TemplateValue) {
        guard let equals = item.firstIndex(of: "=") else {
            guard isValidKey(item) else { throw ParameterError(item: item, reason: "expected KEY=VALUE or KEY") }
            return (item.components(separatedBy: "."), .bool(true))
        }
        let key = String(item[..<equals])
        guard isValidKey(key) else {
            throw ParameterError(item: item, reason: "a key is letters, digits and dots between non-empty parts")
        }
        return (key.components(separatedBy: "."), .string(String(item[item.index(after: equals)...])))
    }

    /// Letters and digits (any script) and dots, and no empty part.
    private static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy { $0 == "." || CharacterSet.alphanumerics.contains($0) }
            && !key.components(separatedBy: ".").contains("")
    }

    private static func insert(
        _ value: TemplateValue, at path: ArraySlice<String>, item: String, into result: inout [String: TemplateValue]
    ) throws {
        guard let key = path.first else { return }
        let conflict = ParameterError(item: item, reason: "'\(key)' conflicts with an earlier value of another kind (value, list or dictionary)")
        if path.count > 1 {
            var inner: [String: TemplateValue] = [:]
            switch result[key] {
            case nil: break
            case .dictionary(let entries)?: inner = entries
            default: throw conflict
            }
            try insert(value, at: path.dropFirst(), item: item, into: &inner)
            result[key] = .dictionary(inner)
            return
        }
        switch result[key] {
        case nil: result[key] = value
        case .array(let values)?: result[key] = .array(values + [value])
        case .string(let text)?: result[key] = .array([.string(text), value])
        default: throw conflict
        }
    }
}
