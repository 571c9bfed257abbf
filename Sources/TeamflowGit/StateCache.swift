import Foundation
public import StateSnapshot
import TeamflowCore

/// The disposable cache of derived state under `.git/teamflow/`, keyed by the ref's tip.
///
/// A cache for another tip is only a starting point (incremental update when the new tip
/// descends from it); a cache that does not decode is ignored and rebuilt, never trusted.
/// The file is a checksum, then a snapshot (see `SnapshotCodable`, `SnapshotArchive`): a
/// magic line, the formats, the ref, the tip, how many rewrites extended it, the
/// diagnostics, then the state.
struct StateCache {
    /// Bump when the file's own layout changes; `TeamState.snapshotFormat` covers the state's
    /// shape and `TeamState.foldRevision` the rules that derived it (9: that number added).
    static let format = 9
    static let magic = "teamflow-state-cache"
    /// How many events the snapshot may lag behind the tip before a read rewrites it (the
    /// journal, or a tree diff, covers the gap).
    static let rewriteAfter = 64

    /// How many rewrites in a row may extend the previous snapshot (copying its unchanged
    /// entries as bytes) before one writes it afresh, dropping strings nothing uses any more.
    static let extendLimit = 16

    struct Entry {
        var ref: String
        var tip: String
        var state: TeamState
        var diagnostics: [Diagnostic]
        /// The snapshot the state was read from, if any: a rewrite can extend it.
        var archive: SnapshotArchive? = nil
        /// How many rewrites since the snapshot was last written afresh.
        var extensions = 0
        /// Folded from the empty history by this process's first append and not written yet:
        /// the first read writes it, as the rebuild it replaces would have.
        var unwritten = false
    }

    let folder: URL
    let ref: String

    /// The ref as a file-name part: `refs/teamflow/events` -> `refs-teamflow-events`.
    let key: String

    init(commonDirectory: String, ref: String) {
        folder = URL(fileURLWithPath: commonDirectory).appendingPathComponent("teamflow")
        self.ref = ref
        key = String(ref.map { $0 == "/" ? "-" : $0 })
    }

    var fileURL: URL {
        folder.appendingPathComponent("state-\(key).bin")
    }

    /// The cached entry, or nil when absent, damaged, of another format or another ref.
    ///
    /// The file is a checksum (8 bytes) of the snapshot that follows it. Entities are decoded
    /// lazily from the mapping, long after this returns, so the whole file is checked here.
    func read() -> Entry? {
        guard let file = MappedFile(path: fileURL.path), file.bytes.count > 8,
              let start = file.bytes.baseAddress else { return nil }
        let snapshot = UnsafeRawBufferPointer(start: start + 8, count: file.bytes.count - 8)
        guard UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) == SnapshotArchive.checksum(snapshot) else {
            return nil
        }
        let archive = SnapshotArchive(unsafeBytes: snapshot, owner: file)
        var reader = SnapshotReader(archive: archive)
        do {
            guard try reader.read(String.self) == StateCache.magic,
                  try reader.read(Int.self) == StateCache.format,
                  try reader.read(Int.self) == TeamState.snapshotFormat,
                  try reader.read(Int.self) == TeamState.foldRevision,
                  try reader.read(String.self) == ref else { return nil }
            let tip = try reader.read(String.self)
            let extensions = try reader.read(Int.self)
            let diagnostics = try reader.read([Diagnostic].self)
            let state = try reader.read(TeamState.self)
            guard reader.isAtEnd else { return nil }
            return Entry(ref: ref, tip: tip, state: state, diagnostics: diagnostics, archive: archive, extensions: extensions)
        } catch {
            return nil
        }
    }

    /// Reads a whole file straight into an array (one copy fewer than going through Data).
    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= 0, info.st_size < Int(Int32.max) else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = posixRead(fd, buffer.baseAddress.map { $0 + done }, size - done)
                if n <= 0 { break }
                done += n
            }
            complete = done == size
            count = done
        }
        return complete ? bytes : nil
    }

    struct WriteFailed: Error {}

    /// Writes `parts` to a temporary file beside `path` and renames it over `path`, so a
    /// reader (or a mapping) sees the old file or the new one, never a mix.
    static func replace(_ path: String, with parts: [UnsafeRawBufferPointer]) throws {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteFailed() }
        var ok = true
        for part in parts {
            var done = 0
            while ok && done < part.count {
                let n = posixWrite(fd, part.baseAddress.map { $0 + done }, part.count - done)
                if n <= 0 { ok = false } else { done += n }
            }
        }
        ok = close(fd) == 0 && ok
        guard ok, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw WriteFailed()
        }
    }

    /// Our own appends since the snapshot.
    var journal: StateJournal {
        StateJournal(url: folder.appendingPathComponent("journal-\(key)"))
    }

    private var headURL: URL {
        folder.appendingPathComponent("head-\(key)")
    }

    /// The highest clock of the history at `tip`, if the small head file knows it: lets an
    /// append skip loading the whole state.
    /// The line carries a checksum: a damaged digit would hand the next event a clock below
    /// the history's and sort it before things written earlier.
    func maxClock(at tip: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: headURL.path) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[0] == tip, let clock = Int(parts[1]), clock >= 0, clock <= Event.clockLimit,
              UInt64(Self.trimmed(parts[2]), radix: 16) == StateCache.headSum(tip: tip, clock: clock)
        else { return nil }
        return clock
    }

    /// `text` without the white space at either end. Foundation's `trimmingCharacters` went
    /// through NSString and instantiated generic metadata on the way: ~750,000 instructions,
    /// 3 % of a whole `goal add`, for the line's newline.
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.last?.isWhitespace == true { text = text.dropLast() }
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        return text
    }

    /// Records the highest clock at `tip` (failures only cost speed).
    ///
    /// Written in place rather than through a temporary file and a rename: the line's checksum
    /// already turns a torn or interleaved write (a crash, two writers at once) into "unknown",
    /// which costs the next append one load of the state. Every append then creates one file
    /// fewer and waits for no `fsync` (Foundation's atomic write syncs the file).
    func writeHead(tip: String, maxClock: Int) {
        let sum = String(StateCache.headSum(tip: tip, clock: maxClock), radix: 16)
        let line = Array("\(tip) \(maxClock) \(sum)\n".utf8)
        let path = headURL.path
        var fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        if fd < 0 && errno == ENOENT {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { return }
        defer { close(fd) }
        let written = line.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        // A short line (a full disk) is cut to nothing rather than left beside an older tail.
        _ = ftruncate(fd, written == line.count ? off_t(line.count) : 0)
    }

    static func headSum(tip: String, clock: Int) -> UInt64 {
        Array("\(tip) \(clock)".utf8).withUnsafeBytes { SnapshotArchive.checksum($0) }
    }

    /// Writes atomically (temp file + rename); a failure only costs speed, so it is ignored.
    /// Returns how many rewrites in a row have now extended the snapshot.
    @discardableResult
    func write(_ entry: Entry) -> Int {
        let extending = entry.extensions < StateCache.extendLimit ? entry.archive : nil
        var writer = extending.map(SnapshotWriter.init(extending:)) ?? SnapshotWriter()
        Trace.measure(extending == nil ? "cache encode" : "cache encode (extending)") {
            writer.write(StateCache.magic)
            writer.write(StateCache.format)
            writer.write(TeamState.snapshotFormat)
            writer.write(TeamState.foldRevision)
            writer.write(ref)
            writer.write(entry.tip)
            writer.write(extending == nil ? 0 : entry.extensions + 1)
            writer.write(entry.diagnostics)
            writer.write(entry.state)
        }
        writeHead(tip: entry.tip, maxClock: entry.state.maxClock)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let bytes = Trace.measure("cache bytes") { writer.bytes }
            let sum = bytes.withUnsafeBytes { SnapshotArchive.checksum($0) }.littleEndian
            try Trace.measure("cache file") {
                try withUnsafeBytes(of: sum) { head in
                    try bytes.withUnsafeBytes { try StateCache.replace(fileURL.path, with: [head, $0]) }
                }
            }
            // After the snapshot: a journal for a base no snapshot has is simply ignored.
            journal.reset(base: entry.tip)
        } catch {
            // The cache is disposable: the next read rebuilds it.
        }
        return extending == nil ? 0 : entry.extensions + 1
    }
}

extension Diagnostic: SnapshotCodable {
    public func write(to w: inout SnapshotWriter) {
        w.write(path); w.write(line); w.write(column); w.write(severity.rawValue); w.write(message)
    }

    public init(from r: inout SnapshotReader) throws {
        self.init(path: try r.read(), line: try r.read(), column: try r.read(),
                  severity: Severity(rawValue: try r.read()) ?? .error, message: try r.read())
    }
}
