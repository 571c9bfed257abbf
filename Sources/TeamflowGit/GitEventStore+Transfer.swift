import Foundation
import Git
import TeamflowCore
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
    /// Every readable event as one multi-document YAML stream, oldest first; files are
    /// re-emitted from their parsed documents, so unknown fields travel too.
    public func exportStream() throws -> String {
        guard let tip = try tip() else { return "" }
        let files = try reader.eventFiles(rootTree: repository.readCommit(tip).tree)
        var documents: [(event: Event, node: Node)] = []
        var seen = Set<String>()
        for file in files.sorted(by: { $0.path < $1.path }) {
            do {
                let node = try YAML.parse(bytes: try repository.readBlob(file.blob), file: file.path)
                let event = try EventCodec.decode(node)
                guard seen.insert(event.id).inserted else { continue }
                documents.append((event, node))
            } catch {
                continue // reported by `doctor` and on every read; never exported half-valid
            }
        }
        documents.sort { Event.precedes($0.event, $1.event) }
        return YAML.emitAll(documents.map(\.node))
    }

    /// Appends the events of a multi-document stream in one commit, keeping ids and clocks.
    /// Events already present are skipped; an id present with other content is refused.
    public func importStream(_ text: String, file: String, author: Author?, at: String) throws -> ImportResult {
        let nodes: [Node]
        do {
            nodes = try YAML.parseAll(text, file: file)
        } catch let error as YAMLError {
            throw TeamflowError(.failure, "\(error)")
        }
        var incoming: [(event: Event, contents: String)] = []
        var byID: [String: Event] = [:]
        for node in nodes where !node.isNull {
            let event: Event
            do {
                event = try EventCodec.decode(node)
            } catch let error as EventCodec.DecodeError {
                let mark = error.mark ?? node.mark
                throw TeamflowError(.failure, "\(file):\(mark?.line ?? 1):\(mark?.column ?? 1): error: not a valid event: \(error.message)",
                                    hints: ["Nothing was imported."])
            }
            if let earlier = byID[event.id] {
                guard earlier == event else {
                    throw TeamflowError(.failure, "\(file): two different events share the id \(event.id)", hints: ["Nothing was imported."])
                }
                continue
            }
            byID[event.id] = event
            incoming.append((event, YAML.emit(node)))
        }
        sweepStaleTemporaries()
        for attempt in 0..<GitEventStore.maxAttempts {
            let parent = try tip()
            var existing: [String: Event] = [:]
            if parent != nil {
                for event in try loadAll().events { existing[event.id] = event }
            }
            var fresh: [(id: String, contents: String)] = []
            for (event, contents) in incoming {
                if let present = existing[event.id] {
                    guard present == event else {
                        throw TeamflowError(.conflict, "event \(event.id) already exists with different content",
                                            hints: ["Nothing was imported. Run `teamflow doctor` to inspect the history."])
                    }
                    continue
                }
                fresh.append((event.id, contents))
            }
            guard !fresh.isEmpty else { return ImportResult(added: 0, skipped: incoming.count) }
            let committer = author ?? incoming[0].event.author
            let message = "import: \(fresh.count) event\(fresh.count == 1 ? "" : "s") from \((file as NSString).lastPathComponent)"
            // Objects go into one pack; the ref moves only after the pack is on disk, so a kill
            // at any moment leaves all of the import visible or none of it.
            let commit = try repository.withPackedWrites {
                try writeCommit(fresh, parent: parent, author: committer, at: at, message: message)
            }
            if try moveRef(to: commit, from: parent, message: message) { return ImportResult(added: fresh.count, skipped: incoming.count - fresh.count) }
            usleep(useconds_t(1_000 * (attempt + 1)))
        }
        throw TeamflowError(.failure, "the events ref \(ref) kept moving while importing; nothing was written")
    }

    /// The newest events first.
    public func log(limit: Int?) throws -> [Event] {
        let newestFirst = try events().reversed()
        return Array(limit.map { newestFirst.prefix($0) } ?? newestFirst[...])
    }

    /// Every problem in the history: corrupt or duplicate files and clock anomalies.
    public func doctor() throws -> [Diagnostic] {
        let (events, diagnostics) = try loadAll()
        var problems = diagnostics
        if let tip = try tip() {
            do {
                problems += try lamportProblems(tip: tip)
            } catch {
                // A shallow history cannot be replayed; every check on the tree still ran.
                guard let boundary = shallowBoundary(explaining: error, tips: [tip]) else { throw error }
                problems.append(shallowDiagnostic(boundary: boundary))
            }
        }
        var previous: Event?
        for event in events {
            if let previous, event.clock - previous.clock > max(1_000, events.count) {
                problems.append(Diagnostic(path: TreeLayout.path(of: event.id),
                                           severity: .warning, message: "clock jumps from \(previous.clock) to \(event.clock)"))
            }
            previous = event
        }
        return problems
    }

    /// Events appended with a clock that is not above the history they were appended to (the
    /// Lamport rule), found by replaying the ref's commits oldest first. Such an event sorts
    /// before things written earlier. Imports keep their events' clocks, so they are exempt;
    /// merges add nothing of their own.
    func lamportProblems(tip: ObjectID) throws -> [Diagnostic] {
        var highest: [ObjectID: Int] = [:]
        var problems: [Diagnostic] = []
        for commit in try repository.log(from: tip).reversed() {
            let base = commit.parents.compactMap { highest[$0] }.max() ?? 0
            guard commit.parents.count <= 1 else {
                highest[commit.id] = base
                continue
            }
            let added = try commit.parents.first.map {
                try reader.addedEventFiles(old: repository.readCommit($0).tree, new: commit.tree).added
            } ?? reader.eventFiles(rootTree: commit.tree)
            let exempt = commit.message.hasPrefix("import:")
            var top = base
            for event in reader.load(added).events {
                if !exempt, event.clock <= base {
                    problems.append(Diagnostic(
                        path: TreeLayout.path(of: event.id), severity: .warning,
                        message: "clock \(event.clock) is not above the history it was appended to (highest \(base)), so it sorts before events written earlier"))
                }
                top = max(top, event.clock)
            }
            highest[commit.id] = top
        }
        return problems
    }
}
