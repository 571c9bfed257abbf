internal import Git
import TeamflowCore
import YAML

extension GitEventStore {
    /// Refuses a remote history holding an event whose clock is above `Event.clockLimit`.
    ///
    /// Such an event is invalid everywhere (reported and skipped on read), but merging it would
    /// hand it to every clone that syncs with us, and older versions of teamflow stop every
    /// write on its account. Only the remote's own files are checked, and only those whose
    /// clock is not plainly a short decimal are parsed, so a large first sync stays cheap.
    func refuseOversizedClocks(local: ObjectID?, remote: ObjectID, name: String) throws {
        let remoteTree = try repository.readCommit(remote).tree
        let files: [EventFile]
        if let local {
            files = try reader.addedEventFiles(old: repository.readCommit(local).tree, new: remoteTree).added
        } else {
            files = Array(try reader.eventFiles(rootTree: remoteTree))
        }
        for file in files {
            let bytes = try repository.readBlob(file.blob)
            guard ClockScan.mayBeOversized(bytes) else { continue }
            guard let document = try? YAML.parse(bytes: bytes, file: file.path, maxAliasExpansion: EventCodec.maxAliasExpansion),
                  let mark = EventCodec.oversizedClock(in: document) else { continue }
            let id = TreeUnion.eventID(of: file.path) ?? file.path
            throw TeamflowError(.conflict, "\(name)'s event \(id) has a clock above 2^53 (\(file.path):\(mark.line):\(mark.column)); nothing was merged or pushed",
                                hints: ["An event like this stops older teamflow versions from writing. Ask whoever wrote it to remove it from \(ref) on \(name), or inspect it with `git show \(trackingRef(for: name)):\(file.path)`."])
        }
    }
}

/// A byte-level prefilter for `refuseOversizedClocks`.
enum ClockScan {
    /// False only when the file's top-level `clock:` is a plain decimal of at most 15 digits
    /// (below 2^53): the only form teamflow writes. Anything else gets a real parse.
    static func mayBeOversized(_ bytes: [UInt8]) -> Bool {
        plainClock(bytes) == nil
    }

    /// The value of the first line `clock: <1-15 digits>` at the start of a line, or nil
    /// when there is none (any other form needs the full parser).
    static func plainClock(_ bytes: [UInt8]) -> Int? {
        // Byte by byte, with no key array or slices: a replay scans every event's first lines
        // here (the key was an array allocated per call: ~1,100 instructions an event).
        let n = bytes.count
        var start = 0
        while start + 6 <= n {
            if bytes[start] == 0x63, bytes[start + 1] == 0x6C, bytes[start + 2] == 0x6F, bytes[start + 3] == 0x63,
               bytes[start + 4] == 0x6B, bytes[start + 5] == 0x3A { // "clock:" at a line's start
                var i = start + 6
                while i < n, bytes[i] == 0x20 { i += 1 }
                var digits = 0, value = 0
                while i < n, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 16 {
                    value = value * 10 + Int(bytes[i] - 0x30)
                    i += 1
                    digits += 1
                }
                let ends = i == n || bytes[i] == 0x0A || (bytes[i] == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A)
                guard ends, digits >= 1, digits <= 15 else { return nil }
                return value
            }
            while start < n, bytes[start] != 0x0A { start += 1 }
            start += 1
        }
        return nil
    }
}
