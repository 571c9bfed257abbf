/// Who wrote an event: the commit author of its append, as in git.
public struct Author: Sendable, Hashable, Codable, CustomStringConvertible {
    public var name: String
    public var email: String

    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// Parses `Name <email>` as git writes it; nil when the shape is wrong or a part is empty.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else { return nil }
        let name = String(trimmed[..<open]).trimmingSpaces
        let email = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]).trimmingSpaces
        guard !name.isEmpty, !email.isEmpty, !email.contains("<"), !email.contains(">") else { return nil }
        self.init(name: name, email: email)
    }

    public var description: String { "\(name) <\(email)>" }
}

/// One immutable record of something that happened. Stored as `events/<xx>/<id>.yaml`.
///
/// Unknown top-level keys are kept in `extra` so they are written back unchanged on export.
public struct Event: Sendable, Hashable {
    /// Schema version written by this teamflow.
    public static let currentVersion = 1

    public var version: Int
    public var id: String
    public var type: String
    /// RFC 3339 timestamp with offset, as written.
    public var at: String
    public var author: Author
    /// Lamport clock: one more than the highest clock in the history it was appended to.
    public var clock: Int
    public var data: Fields
    /// Envelope: the id of the event this one compensates (written by undo). Folds never read
    /// it; it sits beside `data`, not in it, because it says how the event came to be, not what
    /// changed. See `undoneID` for histories written before the envelope had it.
    public var undoes: String?
    /// Envelope: the token shared by the events one command wrote together (`task check A B C`),
    /// so one undo takes the whole command back. See `batchToken` for older histories.
    public var batch: String?
    /// Top-level keys this version does not know; kept, never interpreted.
    public var extra: Fields

    public init(version: Int = Event.currentVersion, id: String, type: String, at: String, author: Author,
                clock: Int, undoes: String? = nil, batch: String? = nil, data: Fields, extra: Fields = Fields()) {
        self.version = version
        self.id = id
        self.type = type
        self.at = at
        self.author = author
        self.clock = clock
        self.undoes = undoes
        self.batch = batch
        self.data = data
        self.extra = extra
    }

    /// The envelope key naming the undone event (top level; inside `data` before 0.5).
    public static let undoesKey = "undoes"
    /// The envelope key holding the batch token (top level; inside `data` before 0.5).
    public static let batchKey = "batch"
    /// The envelope key naming who wrote the event for its author (`name`, `email`), when that
    /// was someone else: the web board's "as" field. Kept in `extra`; folds never read it.
    public static let recordedByKey = "recordedBy"

    /// Who wrote this event for its author (the envelope's `recordedBy`), nil when the author did.
    public var recordedBy: Author? {
        guard let fields = extra[Event.recordedByKey]?.map, let name = fields["name"]?.string,
              let email = fields["email"]?.string else { return nil }
        return Author(name: name, email: email)
    }

    /// The event this one compensates: the envelope's `undoes`, or `data.undoes` where teamflow
    /// 0.4 and earlier wrote it (events are immutable, so old histories keep that form).
    public var undoneID: String? { undoes ?? data.string(Event.undoesKey) }

    /// The batch token: the envelope's `batch`, or `data.batch` as teamflow 0.4 and earlier wrote it.
    public var batchToken: String? { batch ?? data.string(Event.batchKey) }

    /// `data` without the envelope keys older versions wrote inside it: what the event changed.
    public var payload: Fields {
        guard data[Event.undoesKey] != nil || data[Event.batchKey] != nil else { return data }
        var fields = data
        fields[Event.undoesKey] = nil
        fields[Event.batchKey] = nil
        return fields
    }

    /// The highest clock an event may carry (2^53, as JSON readers keep integers exactly).
    /// An event above it is invalid: the next append's clock could otherwise overflow, and
    /// one hostile event arriving by sync would stop every writer of the team.
    public static let clockLimit = 1 << 53

    /// Whether `clock` is a valid Lamport clock (1 ... `clockLimit`).
    public static func isValidClock(_ clock: Int) -> Bool {
        clock >= 1 && clock <= clockLimit
    }

    /// The total order every replica agrees on: by clock, then by id.
    public static func precedes(_ a: Event, _ b: Event) -> Bool {
        a.clock != b.clock ? a.clock < b.clock : a.id < b.id
    }

    /// The calendar day part of `at` (`YYYY-MM-DD`), as written by the author.
    public var day: String { String(at.prefix(10)) }
}

/// What a use case asks the store to append; the store adds id, clock, time and author.
public struct EventDraft: Sendable, Hashable {
    public var type: String
    public var data: Fields
    /// A one-line human summary: the commit message on the events ref.
    public var summary: String
    /// The envelope's `undoes` for the event (see `Event.undoes`).
    public var undoes: String?
    /// The envelope's `batch` for the event (see `Event.batch`).
    public var batch: String?

    public init(type: String, data: Fields, summary: String) {
        self.type = type
        self.data = data
        self.summary = summary
    }

    /// The event this draft becomes once the store has given it an id, a time and a clock.
    public func event(id: String, at: String, author: Author, clock: Int, data: Fields) -> Event {
        Event(id: id, type: type, at: at, author: author, clock: clock, undoes: undoes, batch: batch, data: data)
    }

    // Import keeps nesting: a draft may name an earlier draft of the same append.
    /// Data keys whose value is the id of an earlier draft of the same append, by position
    /// (`["parent": 0]`): ids are made by the store, so one commit can add a task and its
    /// sub-tasks only if the store fills them in (see `resolvedData(earlierIDs:)`). Never stored.
    public var references: [String: Int] = [:]
}

extension StringProtocol {
    /// Trims spaces, tabs and newlines without needing Foundation's CharacterSet.
    /// `package`: the parsers beside the domain (Importers) trim the same way.
    package var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
