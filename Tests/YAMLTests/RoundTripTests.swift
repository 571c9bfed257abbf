import XCTest
@testable import YAML

/// parse(emit(x)) == x for awkward strings as values, sequence items and keys.
final class RoundTripTests: XCTestCase {
    func testFixedNastyStrings() throws {
        try assertRoundTrips(NastyStrings.fixed, label: "fixed")
    }

    func testRandomUnicodeStrings() throws {
        for seed in UInt64(1)...UInt64(4) {
            try assertRoundTrips(NastyStrings.random(count: 1000, seed: seed), label: "seed \(seed)")
        }
    }

    func testEveryStringAsRootDocument() throws {
        let strings = NastyStrings.fixed + NastyStrings.random(count: 300, seed: 99)
        let stream = try YAML.parseAll(YAML.emitAll(strings.map { Node($0) }))
        XCTAssertEqual(stream.count, strings.count)
        for (string, node) in zip(strings, stream) {
            XCTAssertEqual(scalars(node.string), scalars(string), "root \(string.debugDescription)")
        }
    }

    func testGeneratorIsDeterministic() {
        XCTAssertEqual(NastyStrings.random(count: 50, seed: 7), NastyStrings.random(count: 50, seed: 7))
        XCTAssertNotEqual(NastyStrings.random(count: 50, seed: 7), NastyStrings.random(count: 50, seed: 8))
    }

    private func assertRoundTrips(_ strings: [String], label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // Values and items.
        let values = Node.map(strings.enumerated().map { ("k\($0.offset)", Node($0.element)) })
        let items = Node.list(strings.map { Node($0) })
        // Keys (deduplicated: a mapping cannot repeat a key).
        var seen = Set<[Unicode.Scalar]>()
        let keyStrings = strings.filter { seen.insert(Array($0.unicodeScalars)).inserted }
        let keys = Node.mapping(.init(pairs: keyStrings.map { (key: Node($0), value: Node($0)) }))
        // Deeper nesting moves literal blocks' indentation; semantic == compares exact text.
        let deep: Node = [["inner": [values, items]], [keys]]
        let document: Node = ["values": values, "items": items, "keys": keys, "deep": deep]

        let text = YAML.emit(document)
        let back: Node
        do {
            back = try YAML.parse(text)
        } catch {
            return XCTFail("\(label): emitted text does not parse: \(error)", file: file, line: line)
        }
        for (i, s) in strings.enumerated() {
            XCTAssertEqual(scalars(back["values"]?["k\(i)"]?.string), scalars(s), "\(label) value \(s.debugDescription)", file: file, line: line)
            XCTAssertEqual(scalars(back["items"]?[i]?.string), scalars(s), "\(label) item \(s.debugDescription)", file: file, line: line)
            XCTAssertEqual(back["items"]?[i], Node(s), "\(label) item kind \(s.debugDescription)", file: file, line: line)
        }
        let backKeys = back["keys"]?.mapping?.pairs ?? []
        XCTAssertEqual(backKeys.count, keyStrings.count, label, file: file, line: line)
        for (pair, s) in zip(backKeys, keyStrings) {
            XCTAssertEqual(scalars(pair.key.string), scalars(s), "\(label) key \(s.debugDescription)", file: file, line: line)
        }
        XCTAssertEqual(back, document, label, file: file, line: line)
    }

    /// Compares scalar by scalar: String's == would hide normalisation changes.
    private func scalars(_ s: String?) -> [UInt32]? {
        s.map { $0.unicodeScalars.map(\.value) }
    }
}
