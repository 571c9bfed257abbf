// Sections of the manual pages that a command tree cannot state by itself (EXIT STATUS,
// ENVIRONMENT, FILES): the tool gives their words on its root command, and every page takes
// them from there, so the parser stays free of any one tool's variables and paths.

/// A manual page section given by the tool: a heading, an optional paragraph, and tagged
/// entries (`0`, `TEAMFLOW_NOW`, a path) each with its explanation. Set on the root command
/// (`CommandSpec.manSections`); sections are written after the commands, before EXAMPLES, in
/// the order given (man-pages(7) orders EXIT STATUS, ENVIRONMENT, FILES).
public struct ManSection: Sendable, Equatable {
    /// One tagged paragraph: the term on its own line, the text indented below it.
    public struct Entry: Sendable, Equatable {
        public var term: String
        public var text: String

        public init(_ term: String, _ text: String) {
            self.term = term
            self.text = text
        }
    }

    /// How the terms are set: bold for names typed as they are (variables, exit codes),
    /// italic for paths with placeholders, as man pages conventionally do.
    public enum TermFont: Sendable, Equatable {
        case bold, italic, roman
    }

    /// What the page of a top-level command shows of the section.
    public enum OnCommandPages: Sendable, Equatable {
        /// Nothing: the section is on the tool's own page only.
        case omitted
        /// The whole section, as on the tool's page.
        case whole
        /// This paragraph instead, e.g. a pointer to the tool's page.
        case summary(String)
    }

    /// The heading, written upper-cased (`Exit status` -> `EXIT STATUS`).
    public var title: String
    /// A paragraph before the entries; may be empty.
    public var text: String
    public var entries: [Entry]
    public var termFont: TermFont
    public var onCommandPages: OnCommandPages

    public init(title: String, text: String = "", entries: [Entry] = [], termFont: TermFont = .bold,
                onCommandPages: OnCommandPages = .omitted) {
        self.title = title
        self.text = text
        self.entries = entries
        self.termFont = termFont
        self.onCommandPages = onCommandPages
    }
}
