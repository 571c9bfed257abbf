/// The id of one kind of entity: `EntityID<TeamTask>`, `EntityID<Member>`, `EntityID<Goal>`…
///
/// Ids are written in events as plain strings (lower-case hex, see `Event.newID`); the type
/// only keeps a task's id from being passed where a member's is expected, which a `String`
/// cannot. It encodes as that string, so the events, the JSON and the cache are unchanged.
public struct EntityID<Entity>: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The id as events store it.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The first characters commands print (`ShortID.length`).
    public var short: String { ShortID.of(rawValue) }

    /// Whether `prefix` (as typed, any case) begins this id.
    public func hasPrefix(_ prefix: String) -> Bool { rawValue.hasPrefix(prefix.lowercased()) }

    public static func < (lhs: EntityID, rhs: EntityID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TeamTask: KeyedByID {}
extension Goal: KeyedByID {}
extension Member: KeyedByID {}
extension Project: KeyedByID {}
extension Epic: KeyedByID {}
extension Sprint: KeyedByID {}
extension Review: KeyedByID {}
extension RetroEntry: KeyedByID {}
extension GoalRule: KeyedByID {}
