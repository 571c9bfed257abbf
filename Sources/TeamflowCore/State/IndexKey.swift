/// The lists a storage may keep beside a table's entries (the cache snapshot does): entry
/// positions by week, member and sprint, so a board decodes its own entries instead of all.
///
/// A list only narrows where to look. Whoever reads through one still tests every entry it
/// gives against the full rule (`WeekTaskSelection.belongs`, `SprintMembership`, a task
/// filter), and entries changed since the storage was written are always tested, listed or
/// not: a list can make a read cheaper, never different.
public struct IndexKey: Hashable, Sendable {
    /// What a list is keyed by.
    public enum Dimension: UInt8, Sendable, CaseIterable {
        case week = 0, member = 1, sprint = 2
    }

    public let dimension: Dimension
    /// The text the entries hold (a week as written, a member id, a sprint's key); nil for the
    /// dimension's catch-all: entries whose text is odd (not `YYYY-Www`, not a plain id) or
    /// whose belonging does not follow from the text alone. Every read of the dimension scans it.
    public let text: String?

    public init(_ dimension: Dimension, _ text: String?) {
        self.dimension = dimension
        self.text = text
    }

    public static func week(_ text: String) -> IndexKey { IndexKey(.week, text) }
    public static func member(_ text: String) -> IndexKey { IndexKey(.member, text) }
    public static func sprint(_ text: String) -> IndexKey { IndexKey(.sprint, text) }
    /// The catch-all list of `dimension`.
    public static func unsure(_ dimension: Dimension) -> IndexKey { IndexKey(dimension, nil) }

    /// Picks the list of `text` in `dimension` and that dimension's catch-all.
    public static func picking(_ dimension: Dimension, _ text: String) -> (IndexKey) -> Bool {
        { $0.dimension == dimension && ($0.text == nil || $0.text == text) }
    }

    /// `YYYY-Www` in ASCII digits with a week from 01 to 53: the only spelling a week list is
    /// kept for (anything else is listed in the catch-all).
    public static func isPlainWeek(_ text: String) -> Bool {
        let bytes = text.utf8.span
        guard bytes.count == 8, bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W") else { return false }
        let zero = UInt8(ascii: "0")
        for i in [0, 1, 2, 3, 6, 7] where bytes[i] &- zero >= 10 { return false }
        let week = Int(bytes[6] &- zero) * 10 + Int(bytes[7] &- zero)
        return week >= 1 && week <= 53
    }

    /// A non-empty printable ASCII id: the only spelling a member list is kept for.
    public static func isPlainID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}

/// An entity a storage keeps lists for: the keys it is listed under.
public protocol IndexedEntity {
    /// Every list the entity belongs in. An entity must be listed under every key a rule might
    /// select it by: a read through the lists sees nothing else of the stored entries.
    var indexKeys: [IndexKey] { get }
}

extension TeamTask: IndexedEntity {
    /// Weeks: its own and every week it was carried out of; the catch-all when one is odd or
    /// when it is open with a due date (overdue tasks belong to whatever week is current).
    /// Members: its member. Sprints: the sprint it is filed in; the catch-all when it has a
    /// parent (an ancestor's sprint or week can place it).
    public var indexKeys: [IndexKey] {
        var keys: [IndexKey] = []
        var oddWeek = !IndexKey.isPlainWeek(week)
        if !oddWeek { keys.append(.week(week)) }
        for carry in carries where carry.from != week && !keys.contains(.week(carry.from)) {
            if IndexKey.isPlainWeek(carry.from) { keys.append(.week(carry.from)) } else { oddWeek = true }
        }
        if oddWeek || (due != nil && !done) { keys.append(.unsure(.week)) }
        if let member { keys.append(IndexKey.isPlainID(member.rawValue) ? .member(member.rawValue) : .unsure(.member)) }
        if let sprint { keys.append(.sprint(sprint)) }
        if parent != nil { keys.append(.unsure(.sprint)) }
        return keys
    }
}
