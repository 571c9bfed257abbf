import Foundation
import XCTest
@testable import Templates

/// Runs the StencilSwiftKit string-filter vectors from the shared conformance file through
/// ``StringFilters/table`` with a tiny parser for `{{ value|filter:"arg",... }}` templates
/// (the engine is another module's job).
final class StringFiltersConformanceTests: XCTestCase {
    private struct Case: Decodable {
        let suite: String
        let name: String
        let template: String
        let context: [String: String]?
        let expected: String?
        let error: Bool?
    }

    private static let suites: Set<String> = ["StringFiltersTests.swift", "SwiftIdentifierTests.swift"]

    private func loadCases() throws -> [Case] {
        let file = ConformanceVectors.url
        guard let data = try? Data(contentsOf: file) else {
            XCTFail("conformance vectors not found at \(file.path): they are part of the repository")
            return []
        }
        // Other suites have non-string contexts; decode loosely and keep only ours.
        let raw = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        let ours = raw.filter { Self.suites.contains($0["suite"] as? String ?? "") }
        let reencoded = try JSONSerialization.data(withJSONObject: ours)
        return try JSONDecoder().decode([Case].self, from: reencoded)
    }

    func testConformanceVectors() throws {
        let cases = try loadCases()
        XCTAssertEqual(cases.count, 299, "expected 258 + 41 vectors")
        var passed = 0
        var failures: [String] = []
        for vector in cases {
            let outcome = Result { try MiniTemplate.render(vector.template, context: vector.context ?? [:]) }
            switch (outcome, vector.expected) {
            case (.success(let output), .some(let expected)) where output == expected:
                passed += 1
            case (.failure(let error), .none) where vector.error == true && error is StringFilterError:
                passed += 1
            case (.success(let output), _):
                failures.append("\(vector.suite) \(vector.name): got \(output.debugDescription), "
                    + "expected \(vector.expected.map(\.debugDescription) ?? "an error")")
            case (.failure(let error), _):
                failures.append("\(vector.suite) \(vector.name): threw \(error), expected \(vector.expected ?? "")")
            }
        }
        print("StringFilters conformance: \(passed)/\(cases.count) passed")
        failures.forEach { print("  FAIL \($0)") }
        XCTAssertGreaterThanOrEqual(Double(passed), 0.98 * Double(cases.count))
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n"))
    }

    func testMiniTemplateParsesChainsAndQuotedCommas() throws {
        let output = try MiniTemplate.render(
            #"{{ "a_b, c"|replace:", ","-"|snakeToCamelCase:"true" }}"#, context: [:])
        XCTAssertEqual(output, "AB-c")
        XCTAssertEqual(try MiniTemplate.render("{{ v|contains:\"x\"|upperFirstLetter }}", context: ["v": "x"]), "True")
    }
}

/// The smallest parser that covers the vectors: one `{{ ... }}` tag, a quoted literal or a
/// context name, then `|filter` or `|filter:arg,arg` steps with quoted or named arguments.
enum MiniTemplate {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    static func render(_ template: String, context: [String: String]) throws -> String {
        let trimmed = template.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}") else {
            throw ParseError(description: "not a single variable tag: \(template)")
        }
        let inner = String(trimmed.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces)
        let steps = split(inner, on: "|")
        guard let head = steps.first else { throw ParseError(description: "empty tag") }
        var value = resolve(head, context: context) ?? ""
        for step in steps.dropFirst() {
            let parts = split(step, on: ":", limit: 1)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            let arguments = parts.count > 1
                ? split(parts[1], on: ",").compactMap { resolve($0, context: context) }
                : []
            guard let filter = StringFilters.table[name] else {
                throw ParseError(description: "unknown filter \(name)")
            }
            value = try filter(value, arguments).rendered
        }
        return value
    }

    /// A quoted literal (no escape processing, as in Stencil) or a context lookup.
    private static func resolve(_ token: String, context: [String: String]) -> String? {
        let token = token.trimmingCharacters(in: .whitespaces)
        if token.count >= 2, let quote = token.first, quote == "\"" || quote == "'", token.last == quote {
            return String(token.dropFirst().dropLast())
        }
        return context[token]
    }

    /// Splits on `separator` outside quotes, at most `limit` times.
    private static func split(_ text: String, on separator: Character, limit: Int = .max) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                current.append(character)
            } else if character == "\"" || character == "'" {
                quote = character
                current.append(character)
            } else if character == separator, parts.count < limit {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
