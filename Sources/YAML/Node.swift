/// A position in YAML source text, 1-based like compiler diagnostics.
public struct Mark: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a mark from 1-based line and column numbers.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// How a scalar was (or should be) written.
///
/// The parser records the style it saw. Plain scalars are resolved with the YAML 1.2
/// core schema (`42` is an int, `true` a bool, `~` null); every other style is a string.
public enum ScalarStyle: Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A YAML document node: a scalar, a mapping (ordered) or a sequence.
///
/// Equality is semantic: it ignores marks and presentation, but not meaning.
/// `'42'` (a string) differs from `42` (an int), while `~` equals `null`.
public enum Node: Sendable, Equatable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    /// A scalar: its text plus how it was written.
    public struct Scalar: Sendable, Equatable {
        /// The scalar's text, after unescaping and folding.
        public var string: String
        /// The presentation style; plain scalars are resolved by the core schema.
        public var style: ScalarStyle
        /// The explicit tag in long form (`tag:yaml.org,2002:str`), if any.
        public var tag: String?
        /// Where the scalar starts in the source, if it was parsed.
        public var mark: Mark?

        /// Creates a scalar.
        public init(string: String, style: ScalarStyle = .plain, tag: String? = nil, mark: Mark? = nil) {
            self.string = string
            self.style = style
            self.tag = tag
            self.mark = mark
        }

        /// Semantic equality: same resolved kind and value.
        public static func == (lhs: Scalar, rhs: Scalar) -> Bool {
            lhs.resolved == rhs.resolved
        }
    }

    /// A mapping whose pairs keep their source (or insertion) order.
    public struct Mapping: Sendable, Equatable {
        /// The key/value pairs in order.
        public var pairs: [(key: Node, value: Node)]
        /// Where the mapping starts in the source, if it was parsed.
        public var mark: Mark?

        /// Creates a mapping from ordered pairs.
        public init(pairs: [(key: Node, value: Node)] = [], mark: Mark? = nil) {
            self.pairs = pairs
            self.mark = mark
        }

        /// The value of the first pair whose key is a scalar with exactly this text.
        public subscript(key: String) -> Node? {
            get { pairs.first { $0.key.hasScalarText(key) }?.value }
            set {
                let index = pairs.firstIndex { $0.key.hasScalarText(key) }
                switch (index, newValue) {
                case let (i?, value?): pairs[i].value = value
                case let (i?, nil): pairs.remove(at: i)
                case let (nil, value?): pairs.append((key: Node(key), value: value))
                case (nil, nil): break
                }
            }
        }

        /// The keys' texts (non-scalar keys are skipped), in order.
        public var keys: [String] { pairs.compactMap { $0.key.scalarText } }

        /// Pairwise semantic equality, order included.
        public static func == (lhs: Mapping, rhs: Mapping) -> Bool {
            guard lhs.pairs.count == rhs.pairs.count else { return false }
            for (l, r) in zip(lhs.pairs, rhs.pairs) where l.key != r.key || l.value != r.value {
                return false
            }
            return true
        }
    }

    /// A sequence of nodes.
    public struct Sequence: Sendable, Equatable {
        /// The items in order.
        public var items: [Node]
        /// Where the sequence starts in the source, if it was parsed.
        public var mark: Mark?

        /// Creates a sequence.
        public init(items: [Node] = [], mark: Mark? = nil) {
            self.items = items
            self.mark = mark
        }

        /// Item-wise semantic equality.
        public static func == (lhs: Sequence, rhs: Sequence) -> Bool {
            lhs.items == rhs.items
        }
    }
}

extension Node {
    /// The raw text of a scalar of any kind (null included); nil for collections.
    var scalarText: String? {
        if case .scalar(let s) = self { return s.string }
        return nil
    }

    /// Exact (code point) comparison of a scalar's text.
    func hasScalarText(_ text: String) -> Bool {
        if case .scalar(let s) = self { return s.string.utf8.elementsEqual(text.utf8) }
        return false
    }
}
