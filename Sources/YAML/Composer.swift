internal import CYAML

/// Builds `Node` trees from libyaml events: keeps key order, styles, tags and marks,
/// resolves aliases (bounded), and rejects duplicate keys.
struct Composer {
    /// Upper bound on nodes in one document counting alias expansions (billion laughs guard).
    static let maxExpandedNodes = 1_000_000

    let file: String?
    let source: UnsafeRawBufferPointer
    /// Stop with an error at the second document (for `YAML.parse`).
    let singleDocument: Bool

    private struct Frame {
        enum Kind { case document, mapping, sequence }
        var kind: Kind
        var mark: Mark
        var anchor: String?
        var items: [Node] = []
        var pairs: [(key: Node, value: Node)] = []
        var pendingKey: Node?
        /// Fingerprints of scalar keys seen so far, for duplicate detection.
        var keyPrints: [ExactString] = []
        var keySet: Set<ExactString>?
        var size = 1
    }

    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var documents: [Node] = []

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
        var event = yaml_event_t()
        while true {
            guard parser.next(&event) else { throw parser.error(file: file, source: source) }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try handle(event)
        }
        return documents
    }

    private mutating func handle(_ event: yaml_event_t) throws {
        let mark = LibYAMLParser.mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            if singleDocument, !documents.isEmpty {
                throw error("expected a single document, but found another document", at: mark)
            }
            anchors.removeAll(keepingCapacity: true)
            stack.append(Frame(kind: .document, mark: mark))
        case YAML_DOCUMENT_END_EVENT:
            if let doc = stack.popLast() { documents.append(doc.items.first ?? .null) }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            let scalar = Node.Scalar(string: text, style: Self.style(s.style), tag: Self.string(s.tag), mark: mark)
            try add(.scalar(scalar), size: 1, anchor: Self.string(s.anchor), mark: mark)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else { throw error("unknown alias '\(name)'", at: mark) }
            try add(target.node, size: target.size, anchor: nil, mark: mark)
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
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        stack[top].size += size
        if stack[top].size > Self.maxExpandedNodes {
            throw error("document expands to more than \(Self.maxExpandedNodes) nodes (alias bomb?)", at: mark)
        }
        switch stack[top].kind {
        case .document, .sequence:
            stack[top].items.append(node)
        case .mapping:
            if let key = stack[top].pendingKey {
                stack[top].pairs.append((key: key, value: node))
                stack[top].pendingKey = nil
            } else {
                try checkDuplicate(node, in: top, mark: mark)
                stack[top].pendingKey = node
            }
        }
    }

    private mutating func checkDuplicate(_ key: Node, in top: Int, mark: Mark) throws {
        guard let print = Self.fingerprint(key).map(ExactString.init) else {
            if stack[top].pairs.contains(where: { $0.key == key }) {
                throw error("found duplicate key", at: mark)
            }
            return
        }
        let duplicate: Bool
        if var set = stack[top].keySet {
            duplicate = !set.insert(print).inserted
            stack[top].keySet = set
        } else if stack[top].keyPrints.count < 16 {
            duplicate = stack[top].keyPrints.contains(print)
            stack[top].keyPrints.append(print)
        } else {
            var set = Set(stack[top].keyPrints)
            duplicate = !set.insert(print).inserted
            stack[top].keySet = set
            stack[top].keyPrints = []
        }
        if duplicate {
            let shown = key.scalarText.map { "\"\($0)\"" } ?? ""
            throw error("found duplicate key \(shown)", at: mark)
        }
    }

    /// A string that is equal for semantically equal scalar keys.
    private static func fingerprint(_ key: Node) -> String? {
        guard case .scalar(let s) = key else { return nil }
        switch s.resolved {
        case .null: return "n"
        case .bool(let b): return b ? "b1" : "b0"
        case .int(let i?, _): return "i\(i)"
        case .int(nil, let text): return "I" + text
        case .float(let d): return d.isNaN ? "fnan" : "f\(d)"
        case .string(let text): return "s" + text
        case .other(let tag, let text): return "o" + tag + "\u{0}" + text
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
