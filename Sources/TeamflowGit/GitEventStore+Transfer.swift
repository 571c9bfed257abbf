import Foundation
internal import Git
public import TeamflowCore
import YAML

extension GitEventStore {
    /// Every readable event as one multi-document YAML stream, oldest first, each in its
    /// canonical form (unknown fields travel too).
    public func exportStream() throws -> String {
        guard let tip = try tip() else { return "" }
        let files = try reader.eventFiles(rootTree: repository.readCommit(tip).tree)
        var documents: [(event: Event, text: String)] = []
        var seen = Set<String>()
        var skipped: [Diagnostic] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            do {
                let node = try YAML.parse(bytes: try repository.readBlob(file.blob), file: file.path,
                                          maxAliasExpansion: EventCodec.maxAliasExpansion)
                let event = try EventCodec.decode(node)
                guard seen.insert(event.id).inserted else { continue }
                // Canonical text, as import writes it: re-emitting the parsed node could turn
                // a string written plain by a YAML 1.1 tool into a float.
                documents.append((event, EventCodec.encode(event)))
            } catch {
                // Never exported half-valid; reported like every other reader does.
                skipped += reader.load([file]).diagnostics
                continue
            }
        }
        report(skipped)
        documents.sort { Event.precedes($0.event, $1.event) }
        return documents.map { "---\n" + $0.text }.joined()
    }

    /// The newest events first. Skipped files are reported, as by every other reader.
    public func log(limit: Int?) throws -> [Event] {
        let (events, diagnostics) = try loadAll()
        report(diagnostics)
        let newestFirst = events.reversed()
        return Array(limit.map { newestFirst.prefix($0) } ?? newestFirst[...])
    }

    /// Every problem in the history: corrupt or duplicate files, clock anomalies, data that
    /// does not fit its type, parent cycles, entries that are not events, and a cached state
    /// that differs from a replay (the cache is then rebuilt).
    public func doctor() throws -> [Diagnostic] {
        let (events, diagnostics) = try loadAll()
        var problems = diagnostics
        guard let tip = try tip() else { return problems }
        let root = try repository.readCommit(tip).tree
        problems += try reader.strayEntries(rootTree: root)
        // Where each event really is (older histories use another layout).
        var paths: [String: String] = [:]
        for file in try reader.eventFiles(rootTree: root) where paths[String(TreeLayout.id(ofPath: file.path))] == nil {
            paths[String(TreeLayout.id(ofPath: file.path))] = file.path
        }
        func path(of id: String) -> String { paths[id] ?? TreeLayout.path(of: id) }
        do {
            problems += try lamportProblems(tip: tip)
        } catch {
            // A shallow history cannot be replayed; every check on the tree still ran.
            guard let boundary = shallowBoundary(explaining: error, tips: [tip]) else { throw error }
            problems.append(shallowDiagnostic(boundary: boundary))
        }
        var previous: Event?
        for event in events {
            if let previous, event.clock - previous.clock > max(1_000, events.count) {
                problems.append(Diagnostic(path: path(of: event.id),
                                           severity: .warning, message: "clock jumps from \(previous.clock) to \(event.clock)"))
            }
            previous = event
            for problem in EventSchema.problems(in: event) {
                problems.append(Diagnostic(path: path(of: event.id), severity: .warning,
                                           message: problem + "; the event is ignored where it does not fit"))
            }
            // Data that decodes but breaks its type's rules (a carry back in time): the fold ignores it.
            if let reason = EventCatalog.byType[event.type]?.invalidReason(event.data) {
                problems.append(Diagnostic(path: path(of: event.id), severity: .warning,
                                           message: "\(event.type): \(reason); the event is ignored"))
            }
            // Written by another build without the limits: kept on the ref, shown cut.
            for violation in FieldLimits.violations(in: event) {
                problems.append(Diagnostic(path: path(of: event.id), severity: .warning,
                                           message: "\(violation); it is kept, and shown cut to \(violation.limit) bytes with …"))
            }
        }
        for cycle in TaskCycles.find(in: events) {
            let names = cycle.map { ShortID.of($0) }.joined(separator: " -> ")
            problems.append(Diagnostic(path: path(of: cycle[0]), severity: .warning,
                                       message: "task parent cycle \(names) -> \(ShortID.of(cycle[0])); shown with the cycle broken at its last-added task"))
        }
        if let stale = try cacheMismatch(at: tip) { problems.append(stale) }
        return problems
    }

    /// Compares the state the cache serves (snapshot, journal, catch-up) with a replay of
    /// every event; when they differ the cache is rebuilt and the difference reported.
    func cacheMismatch(at tip: ObjectID) throws -> Diagnostic? {
        memo = nil
        let cached = try cachedState(at: tip).state
        let replayed = try replay(at: tip)
        memo = nil
        guard cached != replayed.state else { return nil }
        cache.write(replayed)
        return Diagnostic(path: cache.fileURL.path, severity: .error,
                          message: "the cached state differed from a replay of \(ref) (a damaged cache); it was rebuilt")
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
                    let file = added.first { TreeLayout.id(ofPath: $0.path) == event.id }
                    problems.append(Diagnostic(
                        path: file?.path ?? TreeLayout.path(of: event.id), severity: .warning,
                        message: "clock \(event.clock) is not above the history it was appended to (highest \(base)), so it sorts before events written earlier"))
                }
                top = max(top, event.clock)
            }
            highest[commit.id] = top
        }
        return problems
    }
}
