import Foundation
import TeamflowCore

/// The disposable cache of derived state under `.git/teamflow/`, keyed by the ref's tip.
///
/// A cache for another tip is only a starting point (incremental update when the new tip
/// descends from it); a cache that does not decode is ignored and rebuilt, never trusted.
struct StateCache {
    /// Bump when `TeamState`'s shape changes so old caches are rebuilt, not misread.
    static let format = 2

    struct Entry: Codable {
        var format: Int
        var ref: String
        var tip: String
        var state: TeamState
        var diagnostics: [Diagnostic]
    }

    let folder: URL
    let ref: String

    init(commonDirectory: String, ref: String) {
        folder = URL(fileURLWithPath: commonDirectory).appendingPathComponent("teamflow")
        self.ref = ref
    }

    private var fileURL: URL {
        let key = ref.map { $0 == "/" ? "-" : $0 }
        return folder.appendingPathComponent("state-" + String(key) + ".bin")
    }

    /// The cached entry, or nil when absent, damaged, of another format or another ref.
    func read() -> Entry? {
        guard let data = FileManager.default.contents(atPath: fileURL.path),
              let entry = try? BinaryDecoder().decode(Entry.self, from: [UInt8](data)),
              entry.format == StateCache.format, entry.ref == ref else { return nil }
        return entry
    }

    /// Writes atomically (temp file + rename); a failure only costs speed, so it is ignored.
    func write(_ entry: Entry) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let bytes = try BinaryEncoder().encode(entry)
            try Data(bytes).write(to: fileURL, options: .atomic)
        } catch {
            // The cache is disposable: the next read rebuilds it.
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: fileURL)
    }
}
