import Foundation
import YAML

/// The YAML module: libyaml plus the composer (aliases, duplicate keys, depth), the emitter
/// and the Codable decoder.
enum YAMLTargets {
    /// Parse one document and a stream; whatever parses must emit and read back equal.
    static let yaml = FuzzTarget(
        name: "yaml",
        summary: "YAML.parse / parseAll, then emit -> parse round trip and error rendering"
    ) { bytes in
        single(bytes)
        stream(bytes)
    }

    /// Decode documents into a Codable type with every kind of field.
    static let decoder = FuzzTarget(
        name: "yaml-decoder",
        summary: "YAMLDecoder into a Codable type with strings, integers of every width, floats, dates, lists, maps"
    ) { bytes in
        let decoder = YAMLDecoder()
        guard let source = String(validating: bytes, as: UTF8.self) else { return }
        do {
            let probe = try decoder.decode(Probe.self, from: source, file: "probe.yaml")
            _ = probe.nested?.first?.value.tags
        } catch let error as YAMLError {
            _ = error.description
        } catch {
            require(false, "YAMLDecoder threw a non-YAMLError: \(error)")
        }
        _ = try? decoder.decode([String: [Int8]].self, from: source)
        _ = try? decoder.decode([Node].self, from: source)
    }

    private static func single(_ bytes: [UInt8]) {
        let node: Node
        do {
            node = try YAML.parse(bytes: bytes, file: "input.yaml")
        } catch let error as YAMLError {
            _ = error.description
            return
        } catch {
            require(false, "YAML.parse threw a non-YAMLError: \(error)")
            return
        }
        guard isSmall(node), tagsAreWritable(node) else { return }
        let emitted = YAML.emit(node)
        do {
            let again = try YAML.parse(emitted)
            require(again == node, "emit -> parse changed the document:\n\(emitted)")
        } catch {
            require(false, "the emitter wrote YAML its parser rejects: \(error)\n\(emitted)")
        }
    }

    private static func stream(_ bytes: [UInt8]) {
        guard let nodes = try? bytes.withUnsafeBytes({ try YAML.parseAll(bytes: $0) }),
              isSmall(.sequence(Node.Sequence(items: nodes))), nodes.allSatisfy(tagsAreWritable) else { return }
        let emitted = YAML.emitAll(nodes)
        do {
            let again = try YAML.parseAll(emitted)
            require(again == nodes, "emitAll -> parseAll changed the stream:\n\(emitted)")
        } catch {
            require(false, "the emitter wrote a stream its parser rejects: \(error)\n\(emitted)")
        }
    }

    /// At most 10,000 nodes once aliases are expanded. The round trip skips bigger documents:
    /// an alias bomb just under the composer's bound takes a second to emit and compare, which
    /// would slow the whole run down to a crawl.
    private static func isSmall(_ node: Node) -> Bool {
        hasAtMost(10_000, nodes: node) { node in
            switch node {
            case .scalar: return []
            case .mapping(let mapping): return mapping.pairs.flatMap { [$0.key, $0.value] }
            case .sequence(let sequence): return sequence.items
            }
        }
    }

    /// The emitter drops a scalar's tag when it cannot write it as `!name`, `!!name` or `!<uri>`
    /// (characters outside its safe set), by design: such documents do not round-trip.
    private static func tagsAreWritable(_ node: Node) -> Bool {
        switch node {
        case .scalar(let scalar):
            guard let tag = scalar.tag else { return true }
            return !tag.isEmpty && tag.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:/!;,?@&=+$~%#".unicodeScalars.contains($0))
            }
        case .mapping(let mapping): return mapping.pairs.allSatisfy { tagsAreWritable($0.key) && tagsAreWritable($0.value) }
        case .sequence(let sequence): return sequence.items.allSatisfy(tagsAreWritable)
        }
    }

    /// Every primitive the decoder special-cases, optional so partial documents decode further.
    struct Probe: Decodable {
        var name: String?
        var count: Int?
        var small: Int8?
        var unsigned: UInt64?
        var ratio: Double?
        var single: Float?
        var flag: Bool?
        var when: Date?
        var link: URL?
        var items: [String]?
        var table: [String: Int]?
        var nested: [String: Inner]?
        var any: Node?

        struct Inner: Decodable {
            var tags: [UInt16]?
            var child: [Inner]?
        }
    }
}
