internal import CYAML

/// Builds `Node` trees from libyaml events: keeps key order, styles, tags and marks,
/// resolves aliases (bounded), and rejects duplicate keys.
struct Composer {
    /// Upper bound on nodes in one document counting alias expansions (billion laughs guard).
    static let maxExpandedNodes = 1_000_000
    /// A scalar weighs one node more per this many bytes of text, so aliases of long text are
    /// bounded too (~64 MB expanded): 531,441 aliases of one 1 KB scalar passed a count of
    /// nodes alone and rendered 530 MB from a 1.3 KB file (found while fuzzing).
    static let bytesPerNode = 64
    /// Upper bound on collection nesting: the emitter, `==` and Codable recurse per level,
    /// so a hostile `[[[[...` must fail here instead of overflowing the stack later.
    static let maxDepth = 200

    let file: String?
    let source: UnsafeRawBufferPointer
    /// Stop with an error at the second document (for `YAML.parse`).
    let singleDocument: Bool
    /// How many nodes (weighted as above) aliases may add to one document; readers of files
    /// that never need aliases (teamflow's event files) set it low.
    var aliasBudget = Composer.maxExpandedNodes
    /// What aliases have added to the current document so far.
    private var aliasWeight = 0

    /// An open collection or document. A class so the hot path mutates it in place
    /// instead of going through `stack[top]` accessors.
    private final class Frame {
        enum Kind { case document, mapping, sequence }
        let kind: Kind
        let mark: Mark
        let anchor: String?
        var items: [Node] = []
        var pairs: [(key: Node, value: Node)] = []
        var pendingKey: Node?
        /// Fingerprints of scalar keys seen so far, for duplicate detection.
        var keyPrints: [KeyPrint] = []
        var keySet: Set<KeyPrint>?
        var size = 1

        init(kind: Kind, mark: Mark, anchor: String? = nil) {
            self.kind = kind
            self.mark = mark
            self.anchor = anchor
        }
    }

    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var documents: [Node] = []
    /// When set, each finished document goes here instead of into `documents`, so a stream
    /// of any length is composed in the memory of its largest document.
    var sink: ((Node) throws -> Void)?

    init(file: String?, source: UnsafeRawBufferPointer, singleDocument: Bool) {
        self.file = file
        self.source = source
        self.singleDocument = singleDocument
    }

    /// Parses the whole stream.
    mutating func run() throws -> [Node] {
        guard source.count > 0 else { return [] }
        let parser = try LibYAMLParser()
        parser.setInput(source)
        try drive(parser)
        return documents
    }

    /// Composes every event `parser` produces until the stream ends.
    mutating func drive(_ parser: LibYAMLParser) throws {
        var event = yaml_event_t()
        while true {
            guard parser.next(&event) else { throw parser.error(file: file, source: source) }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try handle(event)
        }
    }

    private mutating func handle(_ event: yaml_event_t) throws {
        let mark = LibYAMLParser.mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            if singleDocument, !documents.isEmpty {
                throw error("expected a single document, but found another document", at: mark)
            }
            anchors.removeAll(keepingCapacity: true)
            aliasWeight = 0
            stack.append(Frame(kind: .document, mark: mark))
        case YAML_DOCUMENT_END_EVENT:
            if let doc = stack.popLast() {
                if let sink { try sink(doc.items.first ?? .null) } else { documents.append(doc.items.first ?? .null) }
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            let scalar = Node.Scalar(string: text, style: Self.style(s.style), tag: Self.string(s.tag), mark: mark)
            try add(.scalar(scalar), size: 1 + s.length / Self.bytesPerNode, anchor: Self.string(s.anchor), mark: mark)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else { throw error("unknown alias '\(name)'", at: mark) }
            aliasWeight += target.size
            if aliasWeight > aliasBudget {
                throw error("aliases expand to more than \(aliasBudget) nodes here (alias bomb?)", at: mark)
            }
            try add(target.node, size: target.size, anchor: nil, mark: mark)
        case YAML_MAPPING_START_EVENT where stack.count > Self.maxDepth,
             YAML_SEQUENCE_START_EVENT where stack.count > Self.maxDepth:
            throw error("collections nested more than \(Self.maxDepth) levels deep", at: mark)
        case YAML_MAPPING_START_EVENT:
            stack.append(Frame(kind: .mapping, mark: mark, anchor: Self.string(event.data.mapping_start.anchor)))
        case YAML_SEQUENCE_START_EVENT:
            stack.append(Frame(kind: .sequence, mark: mark, anchor: Self.string(event.data.sequence_start.anchor)))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let node: Node = frame.kind == .mapping
                ? .mapping(Node.Mapping(pairs: frame.pairs, mark: frame.mark))
                : .sequence(Node.Sequence(items: frame.items, mark: frame.mark))
            try add(node, size: frame.size, anchor: frame.anchor, mark: frame.mark)
        default:
            break  // stream start: nothing to build
        }
    }

    /// Attaches a finished node to the innermost open collection or document.
    private mutating func add(_ node: Node, size: Int, anchor: String?, mark: Mark) throws {
        if let anchor { anchors[anchor] = (node, size) }
        guard let frame = stack.last else { return }
        frame.size += size
        if frame.size > Self.maxExpandedNodes {
            throw error("document expands to more than \(Self.maxExpandedNodes) nodes (alias bomb?)", at: mark)
        }
        switch frame.kind {
        case .document, .sequence:
            frame.items.append(node)
        case .mapping:
            if let key = frame.pendingKey {
                frame.pairs.append((key: key, value: node))
                frame.pendingKey = nil
            } else {
                try checkDuplicate(node, in: frame, mark: mark)
                frame.pendingKey = node
            }
        }
    }

    private func checkDuplicate(_ key: Node, in frame: Frame, mark: Mark) throws {
        guard let print = KeyPrint(key) else {
            if frame.pairs.contains(where: { $0.key == key }) { throw error("found duplicate key", at: mark) }
            return
        }
        let duplicate: Bool
        if frame.keySet != nil {
            duplicate = frame.keySet?.insert(print).inserted == false
        } else if frame.keyPrints.count < 16 {
            duplicate = frame.keyPrints.contains(print)
            frame.keyPrints.append(print)
        } else {
            var set = Set(frame.keyPrints)
            duplicate = !set.insert(print).inserted
            frame.keySet = set
            frame.keyPrints = []
        }
        if duplicate {
            let shown = key.scalarText.map { "\"\($0)\"" } ?? ""
            throw error("found duplicate key \(shown)", at: mark)
        }
    }

    /// Equal for semantically equal scalar keys; compares text by exact bytes.
    private struct KeyPrint: Hashable {
        var kind: UInt8
        var text: ExactString

        init?(_ key: Node) {
            guard case .scalar(let s) = key else { return nil }
            switch s.resolved {
            case .string(let t): (kind, text) = (0, ExactString(text: t))
            case .null: (kind, text) = (1, ExactString(text: ""))
            case .bool(let b): (kind, text) = (2, ExactString(text: b ? "1" : "0"))
            case .int(let i?, _): (kind, text) = (3, ExactString(text: String(i)))
            case .int(nil, let t): (kind, text) = (4, ExactString(text: t))
            case .float(let d): (kind, text) = (5, ExactString(text: d.isNaN ? "nan" : "\(d)"))
            case .other(let tag, let t): (kind, text) = (6, ExactString(text: tag + "\u{0}" + t))
            }
        }
    }

    private func error(_ message: String, at mark: Mark) -> YAMLError {
        YAMLError(message, file: file, mark: mark, source: source)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
