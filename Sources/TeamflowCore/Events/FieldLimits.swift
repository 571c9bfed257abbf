/// How large the text of one event may be, in one place.
///
/// One 50 MB title, imported once, made every later `week` take over a second and 170 MB and
/// the site 112 MB: each view copies titles around. So every string in a known event's `data`
/// (titles, names, handles, weeks, ids, kinds, labels) and the event's author hold at most
/// `oneLine` bytes of UTF-8, except the keys a type declares as bodies (`TeamEvent.bodyKeys`:
/// review sections and comments, wiki bodies and journal entries, project descriptions), which
/// share `body` bytes per event.
///
/// Input (a command, `import`, `import markdown`) over a limit is refused as wrong usage
/// (`requireFit`). An event already on the ref (synced from another build) is never refused,
/// since nothing may be lost: the fold sees it cut to the limits with `…` (`fitted`), and
/// `doctor` reports it (`violations`). Unknown types are kept and ignored, and so not checked.
public enum FieldLimits {
    /// The most bytes of UTF-8 in a one-line field: 4 KiB.
    public static let oneLine = 4096
    /// The most bytes of UTF-8 of all the body fields of one event together: 1 MiB.
    public static let body = 1 << 20
    /// What a cut text ends with; counted within the limit, so a cut text fits again.
    public static let ellipsis = "…"

    /// A field over its limit.
    public struct Violation: Sendable, Equatable, CustomStringConvertible {
        /// The event type, e.g. `task.added`.
        public var type: String
        /// The field: a `data` key (`title`), a key inside a list (`sections.body`), or `author.name`.
        public var field: String
        /// Its size in bytes of UTF-8 (for a body: all the event's bodies up to and with this one).
        public var bytes: Int
        /// Whether it is a body (sharing `FieldLimits.body`) or a one-line field.
        public var isBody: Bool

        public var limit: Int { isBody ? FieldLimits.body : FieldLimits.oneLine }

        /// `the title of task.added is 5000 bytes; a one-line field holds at most 4096 bytes (4 KiB)`.
        public var description: String {
            let what = isBody ? "the Markdown text of one event holds at most \(FieldLimits.body) bytes (1 MiB)"
                              : "a one-line field holds at most \(FieldLimits.oneLine) bytes (4 KiB)"
            let size = isBody ? "brings its text to \(bytes) bytes" : "is \(bytes) bytes"
            return "the \(field) of \(type) \(size); \(what)"
        }
    }

    /// Every field of `event` over its limit, in `data` order, the author last.
    public static func violations(in event: Event) -> [Violation] {
        violations(type: event.type, data: event.data, author: event.author)
    }

    /// Every field over its limit, for an event of `type` by `author` (nil: not checked).
    public static func violations(type: String, data: Fields, author: Author?) -> [Violation] {
        var found: [Violation] = []
        if let bodies = bodyKeys(of: type) {
            var used = 0
            for (key, value) in data.pairs {
                walk(value, path: key, bodies: bodies) { path, text, isBody in
                    let size = text.utf8.count
                    if isBody {
                        used += size
                        if used > body { found.append(Violation(type: type, field: path, bytes: used, isBody: true)) }
                    } else if size > oneLine {
                        found.append(Violation(type: type, field: path, bytes: size, isBody: false))
                    }
                }
            }
        }
        if let author {
            for (field, text) in [("author name", author.name), ("author email", author.email)] where text.utf8.count > oneLine {
                found.append(Violation(type: type, field: field, bytes: text.utf8.count, isBody: false))
            }
        }
        return found
    }

    /// Refuses drafts (and their author) with a field over its limit: what every write of a
    /// command and every import checks before anything is written. Wrong usage (exit 64).
    public static func requireFit(_ drafts: [EventDraft], author: Author) throws {
        for (index, draft) in drafts.enumerated() {
            if let violation = violations(type: draft.type, data: draft.data, author: index == 0 ? author : nil).first {
                throw refusal(violation)
            }
        }
    }

    /// The usage error for `violation`; `location` (`file:line:col`) leads the message when given.
    public static func refusal(_ violation: Violation, location: String? = nil) -> TeamflowError {
        TeamflowError(.usage, (location.map { "\($0): " } ?? "") + violation.description,
                      hints: [violation.isBody ? "Split the text over several pages or entries; nothing was written."
                                               : "Shorten it (longer text belongs in a wiki page); nothing was written."])
    }

    /// `event` with every field over its limit cut to it (ending in `…`), the author too; the
    /// event itself when everything fits (the usual case, checked without copying anything).
    public static func fitted(_ event: Event) -> Event {
        guard let bodies = bodyKeys(of: event.type) else { return fittedAuthor(event) }
        return fitted(event, bodies: bodies)
    }

    /// `fitted` for a known type whose body keys are `bodies` (the fold knows them).
    static func fitted(_ event: Event, bodies: @autoclosure () -> Set<String>) -> Event {
        guard !fits(event) else { return event }
        let bodies = bodies()
        var fitted = event
        var left = body
        fitted.data = Fields(event.data.pairs.map { pair in
            (pair.key, cut(pair.value, path: pair.key, bodies: bodies, bodyLeft: &left))
        })
        fitted.author = Author(name: cut(event.author.name, to: oneLine), email: cut(event.author.email, to: oneLine))
        return fitted
    }

    /// `text` cut to at most `limit` bytes of UTF-8, ending in `…`; `text` when it fits. The cut
    /// falls between characters, so an emoji or a Hangul syllable is never split (a cluster of
    /// more than 32 scalars may be cut inside, still between scalars).
    public static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let room = limit - ellipsis.utf8.count
        guard room > 0 else { return ellipsis }
        let scalars = text.unicodeScalars
        var end = scalars.startIndex
        var used = 0
        while end < scalars.endIndex {
            let size = UTF8.width(scalars[end])
            guard used + size <= room else { break }
            used += size
            end = scalars.index(after: end)
        }
        var boundary = end
        for _ in 0..<32 where boundary.samePosition(in: text) == nil && boundary > scalars.startIndex {
            boundary = scalars.index(before: boundary)
        }
        if boundary.samePosition(in: text) != nil { end = boundary }
        return String(String.UnicodeScalarView(scalars[..<end])) + ellipsis
    }

    /// A few characters of `text` for a message, never a whole oversized field.
    public static func excerpt(_ text: String) -> String { cut(text, to: 48) }

    // MARK: Walking an event's data

    /// The body keys of a known type; nil for an unknown type (not checked).
    static func bodyKeys(of type: String) -> Set<String>? { EventCatalog.byType[type]?.bodyKeys }

    /// Whether every field fits, without building any path: no string is over `oneLine` and
    /// all strings together are within `body` (then bodies are too).
    static func fits(_ event: Event) -> Bool {
        guard event.author.name.utf8.count <= oneLine, event.author.email.utf8.count <= oneLine else { return false }
        var total = 0
        for pair in event.data.pairs where !small(pair.value, total: &total) { return false }
        return true
    }

    private static func small(_ value: Value, total: inout Int) -> Bool {
        switch value {
        case .string(let text):
            let size = text.utf8.count
            total += size
            return size <= oneLine && total <= body
        case .list(let items):
            for item in items where !small(item, total: &total) { return false }
            return true
        case .map(let fields):
            for pair in fields.pairs where !small(pair.value, total: &total) { return false }
            return true
        case .int, .bool, .null:
            return true
        }
    }

    private static func fittedAuthor(_ event: Event) -> Event {
        guard event.author.name.utf8.count > oneLine || event.author.email.utf8.count > oneLine else { return event }
        var fitted = event
        fitted.author = Author(name: cut(event.author.name, to: oneLine), email: cut(event.author.email, to: oneLine))
        return fitted
    }

    /// Calls `visit` with each string under `value`, its path (keys of maps joined by `.`, list
    /// items transparent) and whether the path is a body.
    private static func walk(_ value: Value, path: String, bodies: Set<String>, _ visit: (String, String, Bool) -> Void) {
        switch value {
        case .string(let text): visit(path, text, bodies.contains(path))
        case .list(let items): for item in items { walk(item, path: path, bodies: bodies, visit) }
        case .map(let fields): for (key, item) in fields.pairs { walk(item, path: path + "." + key, bodies: bodies, visit) }
        case .int, .bool, .null: break
        }
    }

    private static func cut(_ value: Value, path: String, bodies: Set<String>, bodyLeft: inout Int) -> Value {
        switch value {
        case .string(let text):
            guard bodies.contains(path) else { return .string(cut(text, to: oneLine)) }
            let kept = cut(text, to: max(bodyLeft, 0))
            bodyLeft -= kept.utf8.count
            return .string(kept)
        case .list(let items):
            return .list(items.map { cut($0, path: path, bodies: bodies, bodyLeft: &bodyLeft) })
        case .map(let fields):
            return .map(Fields(fields.pairs.map { ($0.key, cut($0.value, path: path + "." + $0.key, bodies: bodies, bodyLeft: &bodyLeft)) }))
        case .int, .bool, .null:
            return value
        }
    }
}
