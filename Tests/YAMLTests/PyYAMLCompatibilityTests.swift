import Foundation
import TeamflowTestSupport
import XCTest
@testable import YAML

/// Emitted documents must read back identically in a YAML 1.1 reader: PyYAML's safe_load.
final class PyYAMLCompatibilityTests: XCTestCase {
    /// Loads every document and prints it as tagged JSON; dicts become ordered pair lists so
    /// that keys differing only in normalisation stay apart.
    private static let script = """
        import sys, json, yaml
        def conv(x):
            if isinstance(x, dict): return {"m": [[conv(k), conv(v)] for k, v in x.items()]}
            if isinstance(x, list): return {"l": [conv(v) for v in x]}
            if isinstance(x, bool): return {"b": x}
            if isinstance(x, int): return {"i": str(x)}
            if isinstance(x, float): return {"f": repr(x)}
            if x is None: return {"n": True}
            if isinstance(x, str): return {"s": x}
            return {"other": repr(x)}
        with open(sys.argv[1], "rb") as f:
            docs = list(yaml.safe_load_all(f))
        print(json.dumps([conv(d) for d in docs], ensure_ascii=True))
        """

    /// The shape both sides are reduced to.
    private indirect enum Value: Decodable, Equatable, CustomStringConvertible {
        case s([UInt32]), i(String), f(Double), b(Bool), n, l([Value]), m([[Value]]), other(String)

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            guard let key = c.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "empty")) }
            switch key.stringValue {
            case "s": self = .s(try c.decode(String.self, forKey: key).unicodeScalars.map(\.value))
            case "i": self = .i(try c.decode(String.self, forKey: key))
            case "f": self = .f(Double(try c.decode(String.self, forKey: key)) ?? .nan)
            case "b": self = .b(try c.decode(Bool.self, forKey: key))
            case "n": self = .n
            case "l": self = .l(try c.decode([Value].self, forKey: key))
            case "m": self = .m(try c.decode([[Value]].self, forKey: key))
            default: self = .other(try c.decode(String.self, forKey: key))
            }
        }

        init(_ node: Node) {
            switch node {
            case .mapping(let m): self = .m(m.pairs.map { [Value($0.key), Value($0.value)] })
            case .sequence(let s): self = .l(s.items.map(Value.init))
            case .scalar(let s):
                switch s.resolved {
                case .null: self = .n
                case .bool(let b): self = .b(b)
                case .int(let i, let text): self = .i(i.map(String.init) ?? text)
                case .float(let d): self = .f(d)
                case .string(let t), .other(_, let t): self = .s(t.unicodeScalars.map(\.value))
                }
            }
        }

        var description: String {
            if case .s(let u) = self { return String(String.UnicodeScalarView(u.compactMap(Unicode.Scalar.init))).debugDescription }
            return "\(self)"
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    func testPyYAMLReadsEmittedDocumentsIdentically() throws {
        let strings = NastyStrings.fixed + NastyStrings.random(count: 2000, seed: 11)
        var seen = Set<[Unicode.Scalar]>()
        let keyStrings = strings.filter { seen.insert(Array($0.unicodeScalars)).inserted }
        let docs: [Node] = [
            .map(strings.enumerated().map { ("k\($0.offset)", Node($0.element)) }),
            .list(strings.map { Node($0) }),
            .mapping(.init(pairs: keyStrings.map { (key: Node($0), value: Node($0)) })),
            ["deep": [["x": .list(strings.prefix(200).map { Node($0) })]]],
            ["int": 42, "neg": -7, "max": Node(Int.max), "zero": 0, "t": true, "f": false, "null": nil,
             "half": 1.5, "big": 1e20, "tiny": Node(Double.leastNonzeroMagnitude), "whole": 3.0],
            try YAML.parse("[0x1F, 0o17, 1e3, 007, ~, True, FALSE, +12, 2024-11-18, 1:20, yes]"),
        ]
        let loaded = try loadWithPyYAML(YAML.emitAll(docs))
        XCTAssertEqual(loaded.count, docs.count)
        for (index, (theirs, ours)) in zip(loaded, docs).enumerated() {
            let expected = Value(ours)
            if theirs != expected {
                // Narrow the failure down to the first differing entry.
                if case .m(let a) = theirs, case .m(let b) = expected {
                    for (x, y) in zip(a, b) where x != y { XCTFail("doc \(index): PyYAML read \(x), expected \(y)") ; break }
                } else if case .l(let a) = theirs, case .l(let b) = expected {
                    for (x, y) in zip(a, b) where x != y { XCTFail("doc \(index): PyYAML read \(x), expected \(y)"); break }
                }
                XCTFail("document \(index) differs")
            }
        }
    }

    /// The harness really discriminates: hand-written plain scalars that YAML 1.1 resolves
    /// differently are seen as different (this is why the emitter quotes them).
    func testHarnessSeesYAML11Differences() throws {
        let text = "a: yes\nb: 1:20\nc: 2024-11-18\nd: 0o17\n"
        let ours = try YAML.parse(text)
        let theirs = try loadWithPyYAML(text)
        XCTAssertEqual(theirs.count, 1)
        guard case .m(let pairs)? = theirs.first else { return XCTFail("not a mapping") }
        XCTAssertEqual(pairs[0][1], .b(true))
        XCTAssertEqual(pairs[1][1], .i("80"))
        XCTAssertNotEqual(pairs[2][1], Value(ours["c"] ?? .null))
        XCTAssertNotEqual(pairs[3][1], Value(ours["d"] ?? .null))
        // Once emitted, all four read back as our parser sees them.
        XCTAssertEqual(try loadWithPyYAML(YAML.emit(ours)), [Value(ours)])
    }

    private func loadWithPyYAML(_ text: String) throws -> [Value] {
        try requirePyYAML()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("yaml-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("docs.yaml")
        try Data(text.utf8).write(to: file)
        let (status, output, errors) = try run(["python3", "-c", Self.script, file.path])
        XCTAssertEqual(status, 0, errors)
        return try JSONDecoder().decode([Value].self, from: output)
    }

    private func requirePyYAML() throws {
        let result = try? run(["python3", "-c", "import yaml"])
        if result?.status != 0 { throw RequiredTool.missing("python3 with PyYAML is not available") }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, data, errors)
    }
}
