import TeamflowCore

/// Where event files sit in the ref's tree.
///
/// `events/<1st character of the id>/<2nd and 3rd>/<id>.yaml`: 16 × 256 = 4,096 leaf folders,
/// so an append rewrites four small trees (root, `events`, one 16-way folder, one leaf) and
/// even at 1,000,000 events a leaf holds about 250 entries. Histories written before this
/// layout used `events/<first two characters>/<id>.yaml` (256 folders: at 500,000 events each
/// held ~2,000 entries and rewriting one made an append ~35 % slower than at 100 events).
/// Those files stay where they are (events are never moved); both places are canonical, a
/// one-character folder can never be mistaken for a two-character one, and readers accept any
/// folder depth anyway.
enum TreeLayout {
    static let eventsFolder = "events"
    static let fileExtension = ".yaml"

    /// The two folder names under `events/` for a new event: `3`, `f2` for `3f2a…`.
    static func folders(of id: String) -> (String, String) {
        let characters = Array(id)
        guard characters.count >= 3 else { return (String(id.prefix(1)), "_") }
        return (String(characters[0]), String(characters[1...2]))
    }

    static func fileName(of id: String) -> String { id + fileExtension }

    /// Where an append puts the event `id`.
    static func path(of id: String) -> String {
        let (first, second) = folders(of: id)
        return "\(eventsFolder)/\(first)/\(second)/\(fileName(of: id))"
    }

    /// Whether a file sits where an append puts it now (`events/<x>/<yz>/<id>.yaml`) or put
    /// it before (`events/<xy>/<id>.yaml`).
    static func isCanonical(_ path: String) -> Bool {
        // Called for every file of a history (500,000 at a time on a cold rebuild): ASCII
        // paths, all that appends write, are checked on their bytes without building strings.
        var path = path
        if let canonical = path.withUTF8({ isCanonical(utf8: $0) }) { return canonical }
        return isCanonicalSplitting(path)
    }

    /// `isCanonical` on a path's UTF-8 bytes, or `nil` when they are not all ASCII (where
    /// characters and bytes may part ways).
    static func isCanonical(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let slash = UInt8(ascii: "/")
        // The positions of the (at most three) slashes, without an array to allocate.
        var slashes = (0, 0, 0), found = 0
        for (at, byte) in bytes.enumerated() {
            if byte >= 0x80 { return nil }
            if byte == slash {
                switch found {
                case 0: slashes.0 = at
                case 1: slashes.1 = at
                case 2: slashes.2 = at
                default: return false
                }
                found += 1
            }
        }
        let folder = eventsFolder.utf8, suffix = fileExtension.utf8
        guard found >= 2, slashes.0 == folder.count, bytes.starts(with: folder) else { return false }
        let name = (found == 2 ? slashes.1 : slashes.2) + 1
        let idLength = bytes.count - name - suffix.count
        guard idLength >= 0, bytes[(bytes.count - suffix.count)...].elementsEqual(suffix) else { return false }
        let id = bytes[name ..< name + idLength]
        let first = bytes[(slashes.0 + 1) ..< slashes.1]
        if found == 2 { return first.elementsEqual(id.prefix(2)) }
        let second = bytes[(slashes.1 + 1) ..< slashes.2]
        // `folders(of:)`: ids shorter than three characters go under `<x>/_`.
        guard idLength >= 3 else { return first.elementsEqual(id.prefix(1)) && second.elementsEqual("_".utf8) }
        return first.elementsEqual(id.prefix(1)) && second.elementsEqual(id.dropFirst().prefix(2))
    }

    private static func isCanonicalSplitting(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == Substring(eventsFolder), let last = parts.last, last.hasSuffix(fileExtension) else { return false }
        let id = String(last.dropLast(fileExtension.count))
        switch parts.count {
        case 3: return parts[1] == id.prefix(2)
        case 4:
            let (first, second) = folders(of: id)
            return parts[1] == Substring(first) && parts[2] == Substring(second)
        default: return false
        }
    }

    /// How many UTF-8 bytes a legacy path has besides the id: `events/xy/` and `.yaml`.
    static let legacyPrefixLength = eventsFolder.utf8.count + 4 + fileExtension.utf8.count

    /// The id a file's name gives (`…/<id>.yaml`).
    static func id(ofPath path: String) -> Substring {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? Substring(path)
        return name.dropLast(fileExtension.count)
    }
}
