import Foundation

/// Where events live. The git event store is one; `InMemoryEventRepository` serves unit tests.
///
/// Events are the only way state changes: use cases append drafts and read derived state.
public protocol EventRepository: AnyObject {
    /// The state derived from the whole history (a store may serve it from a cache).
    func state() throws -> TeamState
    /// Every readable event in (clock, id) order.
    func events() throws -> [Event]
    /// Appends the drafts as events in one atomic step (one commit in git), all by `author`
    /// at `at`, and returns them with their ids and clocks. A draft's `references` are filled in
    /// with the ids of the earlier drafts they name (`EventDraft.resolvedData(earlierIDs:)`).
    func append(_ drafts: [EventDraft], author: Author, at: String) throws -> [Event]
}

/// A repository in memory: the same rules as the git store (clocks, ids, order), no I/O.
public final class InMemoryEventRepository: EventRepository {
    private(set) var stored: [Event] = []
    private var sequence = 0

    public init(events: [Event] = []) {
        stored = events.sorted(by: Event.precedes)
    }

    public func state() throws -> TeamState { TeamState.derive(from: stored) }

    public func events() throws -> [Event] { stored }

    public func append(_ drafts: [EventDraft], author: Author, at: String) throws -> [Event] {
        var clock = (stored.map(\.clock).max() ?? 0) + 1
        var made: [Event] = []
        var ids: [String] = [] // kept apart: mapping `made` per draft would be quadratic
        for draft in drafts {
            sequence += 1
            let id = EventID.make(seed: "\(sequence)|\(draft.type)|\(at)|\(author)|\(draft.summary)")
            let data = try draft.resolvedData(earlierIDs: ids)
            made.append(draft.event(id: id, at: at, author: author, clock: clock, data: data))
            ids.append(id)
            clock += 1
        }
        stored.append(contentsOf: made)
        stored.sort(by: Event.precedes)
        return made
    }
}

/// Event ids: 24 lowercase hex characters, unique in practice, never reused.
public enum EventID {
    public static let length = 24

    /// A deterministic id from a seed (FNV-1a over the seed, widened); the git store seeds it
    /// with the parent tip and the event's content so ids are reproducible under `TEAMFLOW_NOW`.
    public static func make(seed: String) -> String {
        var out = ""
        var salt: UInt64 = 0
        while out.count < length {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
            for byte in seed.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            out += String(repeating: "0", count: 16 - hex.count) + hex
            salt &+= 0x9e37_79b9_7f4a_7c15
        }
        return String(out.prefix(length))
    }

    /// Whether `text` has the shape of an id this teamflow writes or accepts from others:
    /// 4 to 64 characters of `[0-9a-z-]`, safe as a file name.
    public static func isValid(_ text: String) -> Bool {
        (4...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) || $0 == 45 }
    }
}
