public import Foundation

/// libgit2's temporary files left behind by a killed writer.
///
/// libgit2 writes a pack into `objects/pack/pack_git2_<random>` and a loose object into
/// `objects/tmp_object_git2_<random>`, then renames it into place. A writer killed in between
/// (`kill -9` during `import`) leaves the temporary forever: git's own `gc`/`prune` only clean
/// names starting with `tmp_` under `objects/pack`, and after two weeks.
extension Repository {
    /// The temporaries' folders (relative to `objects`) and name prefixes.
    static let temporaryKinds: [(folder: String, prefix: String)] = [("pack", "pack_git2_"), ("", "tmp_object_git2_")]

    /// How old (by modification time) a temporary must be before it counts as abandoned.
    ///
    /// A live writer modifies its temporary continuously and renames it within seconds (an
    /// import of 60,000 events takes ~13 s in a debug build), so an hour is far beyond any live
    /// one. Should a writer be stopped for longer (a suspended laptop) and lose its temporary,
    /// its final rename fails and the write reports an error with no ref moved: nothing is lost.
    public static let staleTemporaryAge: TimeInterval = 60 * 60

    /// Removes libgit2 temporaries last modified more than `age` seconds before `now`, and
    /// returns their paths relative to the objects folder, sorted. Anything else (packs,
    /// indexes, git's own `tmp_*` files, lock files) is never touched. Best effort: a file that
    /// cannot be read or removed is left alone.
    ///
    /// `now` is the real clock by default, never an event time: file times are the real clock's.
    @discardableResult
    public func removeStaleTemporaries(olderThan age: TimeInterval = Repository.staleTemporaryAge,
                                       now: Date = Date()) -> [String] {
        let fm = FileManager.default
        let objects = (commonDirectory as NSString).appendingPathComponent("objects")
        var removed: [String] = []
        for kind in Repository.temporaryKinds {
            let folder = kind.folder.isEmpty ? objects : (objects as NSString).appendingPathComponent(kind.folder)
            guard let names = Repository.names(in: folder) else { continue }
            for name in names where name.hasPrefix(kind.prefix) {
                let path = (folder as NSString).appendingPathComponent(name)
                guard let attributes = try? fm.attributesOfItem(atPath: path),
                      attributes[.type] as? FileAttributeType == .typeRegular,
                      let modified = attributes[.modificationDate] as? Date,
                      now.timeIntervalSince(modified) > age else { continue }
                if (try? fm.removeItem(atPath: path)) != nil {
                    removed.append(kind.folder.isEmpty ? name : kind.folder + "/" + name)
                }
            }
        }
        return removed.sorted()
    }

    /// The names in `folder` but `.` and `..`, nil when it cannot be read. `readdir` directly:
    /// every append looks into two folders, and FileManager's `contentsOfDirectory` cost
    /// ~220,000 instructions a call (2 % of a `goal add`). A name that is not UTF-8 comes back
    /// repaired, so it matches no prefix and is never removed.
    static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
