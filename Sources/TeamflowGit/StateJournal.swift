import Foundation
internal import Git
import StateSnapshot
import TeamflowCore

/// Our own appends since the state snapshot was written, so a reader catches up by folding a
/// few events instead of diffing trees, and the 2.5 MB snapshot is rewritten only every 64
/// events. Like the snapshot it is disposable: a record is used only when its commit's parent
/// is the tip reached so far, and a torn last record (a killed process) is ignored.
///
/// ```
/// teamflow-journal 3 <snapshot tip>
/// record <tip> <event count> <checksum>
/// <byte length>
/// <commit object>
/// <byte length>
/// <event file text>
/// ```
///
/// The checksum (16 hex digits, `SnapshotArchive.checksum`) covers the record's tip, count and
/// payload: one flipped bit on disk must never become wrong state that a later snapshot would
/// then preserve. A complete record with a wrong sum marks the whole journal as damaged.
///
/// The record carries its commit's bytes, so a reader checks the parent by hashing them
/// against the tip (`RawCommit`) instead of reading the commit from the object database: two
/// dozen records cost ~0.8 ms that way, 5 % of a `task list` of 10,000 tasks.
struct StateJournal {
    static let header = "teamflow-journal 3"
    /// About 1,000 ordinary events.
    static let maximumSize = 512 * 1024

    struct Record {
        var tip: String
        /// The commit object `tip` names, as written (see `RawCommit`).
        var commit: [UInt8]
        var events: [[UInt8]]
    }

    /// The usable records, and whether a complete record failed its checksum.
    struct Contents {
        var records: [Record] = []
        var damaged = false
    }

    let url: URL

    /// The records of a journal that starts at `base`; empty for another base or no file.
    func records(base: String) -> [Record] {
        contents(base: base).records
    }

    /// The records of a journal that starts at `base`, stopping at a torn or damaged record.
    func contents(base: String) -> Contents {
        guard let bytes = StateCache.readFile(url.path) else { return Contents() }
        return contents(base: base, in: bytes)
    }

    /// `contents(base:)` of the journal's bytes, already read.
    func contents(base: String, in bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var scanner = LineScanner(bytes: bytes)
        guard scanner.line() == "\(StateJournal.header) \(base)" else { return contents }
        while let line = scanner.line() {
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "record", let count = Int(parts[2]), (1...10_000).contains(count),
                  let sum = UInt64(parts[3], radix: 16) else {
                contents.damaged = true
                break
            }
            let start = scanner.offset
            guard let commit = scanner.line().flatMap({ Int($0) }).flatMap({ scanner.bytes($0) }) else { return contents }
            var events: [[UInt8]] = []
            for _ in 0..<count {
                guard let length = scanner.line().flatMap({ Int($0) }), let text = scanner.bytes(length) else { return contents }
                events.append(text)
            }
            guard StateJournal.checksum(tip: parts[1], count: count, payload: bytes[start..<scanner.offset]) == sum else {
                contents.damaged = true
                break
            }
            contents.records.append(Record(tip: String(parts[1]), commit: commit, events: events))
        }
        return contents
    }

    /// Starts a new journal at the snapshot's tip (atomically: a temporary file renamed over
    /// it, as the snapshot is written; not synced to disk, since a journal lost in a crash only
    /// costs a reader a tree diff).
    func reset(base: String) {
        let line = Array("\(StateJournal.header) \(base)\n".utf8)
        try? line.withUnsafeBytes { try StateCache.replace(url.path, with: [$0]) }
    }

    /// Records an append if the journal ends exactly at its parent; otherwise leaves the
    /// journal as it is (a reader then catches up by diffing trees).
    func append(parent: String, tip: String, commit: [UInt8], events: [String]) {
        // Only readers rewrite the snapshot; without them the journal would grow with every
        // append and make appends slower. Past this size a reader catches up by a tree diff;
        // a record that would cross it (one huge event) is not written either.
        let adding = events.reduce(commit.count) { $0 + $1.utf8.count }
        guard let bytes = StateCache.readFile(url.path), bytes.count + adding < StateJournal.maximumSize,
              let first = bytes.firstIndex(of: 0x0A) else { return }
        let head = String(decoding: bytes[..<first], as: UTF8.self)
        guard head.hasPrefix(StateJournal.header + " ") else { return }
        let base = String(head.dropFirst(StateJournal.header.count + 1))
        let existing = contents(base: base, in: bytes) // the bytes just read: not a second read
        guard !existing.damaged, (existing.records.last?.tip ?? base) == parent else { return }
        var payload = Array("\(commit.count)\n".utf8) + commit
        payload.append(0x0A)
        for text in events { payload += Array("\(text.utf8.count)\n\(text)\n".utf8) }
        let sum = StateJournal.checksum(tip: Substring(tip), count: events.count, payload: payload[...])
        let record = Array("record \(tip) \(events.count) \(String(sum, radix: 16))\n".utf8) + payload
        // One write with O_APPEND: a concurrent reader sees the record whole or not at all,
        // and a torn record from a killed process fails to parse and is ignored.
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        if FaultInjection.isPlanned(.journal) {
            _ = record.withUnsafeBytes { write(fd, $0.baseAddress, $0.count / 2) }
            try? FaultInjection.hit(.journal)
            return
        }
        _ = record.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    static func checksum<Bytes: Collection>(tip: Substring, count: Int, payload: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var bytes = Array("\(tip) \(count)\n".utf8)
        bytes.append(contentsOf: payload)
        return bytes.withUnsafeBytes { SnapshotArchive.checksum($0) }
    }

    /// Splits bytes into newline-terminated lines and length-prefixed payloads.
    struct LineScanner {
        let bytes: [UInt8]
        var offset = 0

        mutating func line() -> String? {
            guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0x0A) else { return nil }
            defer { offset = end + 1 }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count < bytes.count, bytes[offset + count] == 0x0A else { return nil }
            defer { offset += count + 1 }
            return Array(bytes[offset..<offset + count])
        }
    }
}
