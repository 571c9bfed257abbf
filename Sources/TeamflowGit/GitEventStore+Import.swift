import Foundation
internal import Git
public import TeamflowCore
import YAML

/// What `import` did.
public struct ImportResult: Sendable, Equatable {
    public var added: Int
    public var skipped: Int

    public init(added: Int, skipped: Int) {
        self.added = added
        self.skipped = skipped
    }
}

extension GitEventStore {
    /// How many new objects an import holds in memory before writing them to a pack.
    static let importFlushThreshold = 100_000

    /// Appends the events of a multi-document YAML file in one commit, keeping ids and clocks.
    /// The file is mapped and read document by document, each event's blob going to a pack as
    /// it comes. Documents written exactly as teamflow writes them take the `ImportReader`
    /// (no YAML tree); from the first other document on, libyaml reads the rest, with lines
    /// and columns in the whole file. Events already present are skipped; an id present with
    /// other content is refused, and then nothing is imported.
    public func importFile(atPath path: String, file: String, author: Author?, at: String) throws -> ImportResult {
        guard let mapped = MappedFile(path: path) else {
            // Empty, or not mappable: streamed through libyaml as before.
            return try importDocuments(file: file, author: author, at: at) { body in
                try Self.composed(file: file) {
                    try YAML.forEachDocument(inFileAtPath: path, file: file) { try body(ImportedEvent.canonical($0, file: file)) }
                }
            }
        }
        return try importDocuments(file: file, author: author, at: at) { body in
            try Self.readDocuments(mapped.bytes, file: file, body: body) { mapped.release(upTo: $0) }
        }
    }

    /// `importFile` for a stream already in memory (standard input, tests).
    public func importStream(_ text: String, file: String, author: Author?, at: String) throws -> ImportResult {
        var text = text
        return try text.withUTF8 { bytes in
            try importDocuments(file: file, author: author, at: at) { body in
                try Self.readDocuments(UnsafeRawBufferPointer(bytes), file: file, body: body) { _ in }
            }
        }
    }

    /// Every event of `bytes`: canonical documents through `ImportReader`, the rest through
    /// libyaml. `done(offset)` says the bytes before `offset` will not be read again (errors
    /// may still quote them).
    static func readDocuments(_ bytes: UnsafeRawBufferPointer, file: String, body: (ImportedEvent.Checked?) throws -> Void,
                              done: (Int) -> Void) throws {
        var reader = ImportReader(bytes)
        var released = 0
        while let checked = reader.next() {
            try body(checked)
            if reader.offset - released >= 32 << 20 {
                released = reader.offset
                done(released)
            }
        }
        guard reader.offset < bytes.count else { return }
        try composed(file: file) {
            try YAML.forEachDocument(in: bytes, from: reader.offset, line: reader.line, file: file) { node in
                try body(ImportedEvent.canonical(node, file: file))
            }
        }
    }

    /// Runs `body`, turning a YAML syntax error into the import's refusal.
    private static func composed(file: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as YAMLError {
            throw TeamflowError(.failure, "\(error)", hints: ["Nothing was imported."])
        }
    }

    private func importDocuments(file: String, author: Author?, at: String,
                                 documents: ((ImportedEvent.Checked?) throws -> Void) throws -> Void) throws -> ImportResult {
        sweepStaleTemporaries()
        let base = try tip()
        let present = try base.map(presentFiles(at:)) ?? [:]
        var incoming: [String: ObjectID] = [:]
        var fresh: [(id: String, blob: ObjectID)] = []
        var firstAuthor: Author?
        var total = 0
        // Pass one: validate, write every new blob (packs are unreferenced until the ref moves).
        try repository.withPackedWrites {
            try documents { checked in
                guard let (event, contents) = checked else { return }
                total += 1
                if firstAuthor == nil { firstAuthor = event.author }
                let blob = try repository.writeBlob(Array(contents.utf8), packName: ImportedEvent.packName(of: event))
                if let earlier = incoming[event.id] {
                    guard earlier == blob else {
                        throw TeamflowError(.failure, "\(file): two different events share the id \(event.id)", hints: ["Nothing was imported."])
                    }
                    return
                }
                incoming[event.id] = blob
                if let existing = present[event.id] {
                    try requireSame(existing, as: event)
                    return
                }
                fresh.append((event.id, blob))
                try repository.flushPackedWrites(threshold: GitEventStore.importFlushThreshold)
            }
        }
        try FaultInjection.hit(.afterBlob)
        // Pass two: the trees and the commit, then the ref; again from the new tip if it moved.
        var parent = base
        for attempt in 0..<GitEventStore.maxAttempts {
            var adding = fresh
            if parent != base {
                let now = try parent.map(presentFiles(at:)) ?? [:]
                adding = try fresh.filter { item in
                    guard let existing = now[item.id] else { return true }
                    if existing != item.blob { try requireSame(existing, asBlob: item.blob) }
                    return false
                }
            }
            guard !adding.isEmpty else { return ImportResult(added: 0, skipped: total) }
            let committer = author ?? firstAuthor ?? Self.mergeAuthor
            let message = "import: \(adding.count) event\(adding.count == 1 ? "" : "s") from \((file as NSString).lastPathComponent)"
            // The ref moves only after the last pack is on disk: killed at any moment, all of
            // an import is visible or none of it.
            let commit = try repository.withPackedWrites {
                try writeCommit(blobs: adding, parent: parent, author: committer, at: at, message: message).id
            }
            if try moveRef(to: commit, from: parent, message: message) {
                return ImportResult(added: adding.count, skipped: total - adding.count)
            }
            usleep(useconds_t(1_000 * (attempt + 1)))
            parent = try tip()
        }
        throw TeamflowError(.failure, "the events ref \(ref) kept moving while importing; nothing was written")
    }

    /// Event id -> blob of every event file at `tip`.
    private func presentFiles(at tip: ObjectID) throws -> [String: ObjectID] {
        var files: [String: ObjectID] = [:]
        for file in try reader.eventFiles(rootTree: repository.readCommit(tip).tree) {
            if let id = TreeUnion.eventID(of: file.path) { files[id] = file.blob }
        }
        return files
    }

    /// Accepts an event already present when it is the same event (the file may be written
    /// differently by another tool); otherwise the import is refused.
    private func requireSame(_ existing: ObjectID, as event: Event) throws {
        let stored = try? EventCodec.decode(YAML.parse(bytes: repository.readBlob(existing), maxAliasExpansion: EventCodec.maxAliasExpansion))
        guard stored == event else {
            throw TeamflowError(.conflict, "event \(event.id) already exists with different content",
                                hints: ["Nothing was imported."], reason: .damagedHistory)
        }
    }

    private func requireSame(_ existing: ObjectID, asBlob blob: ObjectID) throws {
        let event = try EventCodec.decode(YAML.parse(bytes: repository.readBlob(blob), maxAliasExpansion: EventCodec.maxAliasExpansion))
        try requireSame(existing, as: event)
    }
}

/// An imported document as the store writes it.
enum ImportedEvent {
    /// An event and the text it is stored as.
    typealias Checked = (event: Event, contents: String)

    /// What the pack builder groups the event's blob by: its type, then the task, goal or
    /// other thing it is about (the `added` event's own id). Blobs of one group go side by
    /// side in the order written, so each is stored as a delta of a similar one. (Measured on
    /// 20,000 synthetic events: by type and subject 1.71 MB of blobs, by subject alone 1.80,
    /// by type alone 2.04, in stream order 2.60; `git fast-import` 1.67.)
    static func packName(of event: Event) -> String {
        for key in ["task", "goal", "epic", "project", "member", "review", "page", "entry"] {
            if let subject = event.data[key]?.string { return event.type + "/" + subject }
        }
        return event.type + "/" + event.id
    }

    /// The event and its canonical text, as an append would write it: strings keep the text
    /// as written (re-emitting the parsed node would turn a YAML 1.1 string like
    /// `1017e327808` into a float), and the text must read back as exactly the same event.
    /// Nil for an empty document.
    static func canonical(_ node: Node, file: String) throws -> Checked? {
        guard !node.isNull else { return nil }
        do {
            var event = try EventCodec.decode(node)
            // Fields the schema says are text take the scalar's text as written (`task: 1234`
            // or an id of digits written plain stays that id, not a number).
            let textKeys = Set((EventSchema.table[event.type] ?? []).filter { $0.kind == .string }.map(\.name))
            if let data = node["data"] {
                for key in textKeys {
                    guard let value = event.data[key], value != .null, value.string == nil,
                          let scalar = data[key], case .scalar = scalar, let text = scalar.string else { continue }
                    event.data[key] = .string(text)
                }
            }
            if let problem = EventCodec.unfaithfulValue(in: node, textKeys: textKeys) { throw problem }
            // Input, like a command's: a field over its limit is refused, with its line.
            if let violation = FieldLimits.violations(in: event).first {
                let key = String(violation.field.prefix { $0 != "." && $0 != " " })
                let mark = (violation.field.hasPrefix("author ") ? node["author"] : node["data"]?[key])?.mark ?? node.mark
                throw FieldLimits.refusal(violation, location: "\(file):\(mark?.line ?? 1):\(mark?.column ?? 1)")
            }
            let contents = EventCodec.encode(event)
            // The layout decoder reads the text exactly as written, at a fraction of libyaml's cost.
            let readBack = FastEventDecoder.decode(Array(contents.utf8)) ?? (try? EventCodec.decode(YAML.parse(contents, file: file)))
            guard readBack == event else {
                throw EventCodec.DecodeError(message: "this event cannot be stored faithfully", mark: node.mark)
            }
            return (event, contents)
        } catch let error as EventCodec.DecodeError {
            let mark = error.mark ?? node.mark
            throw TeamflowError(.failure, "\(file):\(mark?.line ?? 1):\(mark?.column ?? 1): error: not a valid event: \(error.message)",
                                hints: ["Nothing was imported."])
        }
    }
}
