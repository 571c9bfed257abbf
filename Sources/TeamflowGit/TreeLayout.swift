import TeamflowCore

/// Where event files sit in the ref's tree.
///
/// `events/<first two characters of the id>/<id>.yaml`: a fan-out of 256 folders, so an append
/// rewrites three small trees (root, `events`, one shard) however long the history grows;
/// at 50,000 events a shard holds about 200 entries. Readers accept any folder depth.
enum TreeLayout {
    static let eventsFolder = "events"
    static let fileExtension = ".yaml"

    static func shard(of id: String) -> String { String(id.prefix(2)) }

    static func fileName(of id: String) -> String { id + fileExtension }

    static func path(of id: String) -> String { "\(eventsFolder)/\(shard(of: id))/\(fileName(of: id))" }

    /// Whether a file sits where an append would put it (`events/<xx>/<id>.yaml`).
    static func isCanonical(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == eventsFolder, parts[2].hasSuffix(fileExtension) else { return false }
        let id = String(parts[2].dropLast(fileExtension.count))
        return parts[1] == shard(of: id)
    }
}
