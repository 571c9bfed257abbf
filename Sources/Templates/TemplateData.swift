public import Foundation
public import YAML

/// A template or data file (`template render FILE --data F`) that could not be read or used.
public struct TemplateFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, naming the file as the user gave it.
    public let message: String
    /// What the user can do about it.
    public var hints: [String] = []

    /// An error saying `message`.
    public init(message: String, hints: [String] = []) {
        self.message = message
        self.hints = hints
    }

    public var description: String { message }
}

extension TemplateValue {
    /// A YAML node as a value: mappings (string keys only), sequences, null, and scalars as
    /// the most specific of bool, int, double, string. With `timestamps`, a plain (unquoted,
    /// untagged) scalar written as a YAML 1.1 timestamp (`2018-05-05T03:39:26Z`, `2018-05-05`),
    /// or any scalar tagged `!!timestamp`, is a `.date`; quoted or `!!str` text stays a string.
    /// (`YAML::Node`: the module selector, because Templates has an internal `Node` of its own.)
    public init(yaml node: YAML::Node, timestamps: Bool = false) {
        if node.isNull {
            self = .null
        } else if let items = node.array {
            self = .array(items.map { TemplateValue(yaml: $0, timestamps: timestamps) })
        } else if let mapping = node.mapping {
            var dictionary: [String: TemplateValue] = [:]
            for (key, value) in mapping.pairs {
                if let key = key.string { dictionary[key] = TemplateValue(yaml: value, timestamps: timestamps) }
            }
            self = .dictionary(dictionary)
        } else if timestamps, let date = Self.timestamp(node) {
            self = .date(date)
        } else if let bool = node.bool {
            self = .bool(bool)
        } else if let int = node.int {
            self = .int(int)
        } else if let double = node.double {
            self = .double(double)
        } else {
            self = .string(node.string ?? "")
        }
    }

    private static func timestamp(_ node: YAML::Node) -> TemplateDate? {
        guard case .scalar(let scalar) = node else { return nil }
        switch scalar.tag {
        case nil:
            return scalar.style == .plain ? TemplateDate.yaml11(scalar.string) : nil
        case "tag:yaml.org,2002:timestamp"?, "!!timestamp"?:
            return TemplateDate.yaml11(scalar.string)
        default:
            return nil
        }
    }
}

/// Loads a render context from a file: JSON when the name ends in `.json`, YAML otherwise.
public enum TemplateData {
    /// The context in `file` (relative to `directory` unless absolute). The top level must be
    /// an object or mapping; an empty document is an empty context.
    public static func load(_ file: String, in directory: String) throws -> [String: TemplateValue] {
        let path = file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateFileError(message: "cannot read data file '\(file)'")
        }
        return try parse(data, file: file)
    }

    /// The context in `data`, read from `file` (used in messages and to choose JSON or YAML).
    /// Dates: YAML 1.1 timestamps (plain scalars) and JSON `{"$date": "<RFC 3339>"}` objects
    /// become `.date` values; every other string stays a string.
    public static func parse(_ data: Data, file: String) throws -> [String: TemplateValue] {
        let value: TemplateValue
        if file.lowercased().hasSuffix(".json") {
            do { value = try TemplateValue(json: data, dates: true) } catch {
                throw TemplateFileError(message: "\(file): \(error)")
            }
        } else {
            do {
                value = TemplateValue(yaml: try YAML.parse(String(decoding: data, as: UTF8.self), file: file), timestamps: true)
            } catch {
                throw TemplateFileError(message: "\(error)")
            }
        }
        switch value {
        case .dictionary(let entries): return entries
        case .null: return [:]
        default: throw TemplateFileError(message: "\(file): the data must be a JSON object or a YAML mapping at the top level")
        }
    }
}
