import Foundation

/// `teamflow import` beside `git fast-import` writing the same tree, run by run:
/// `teamflow-bench import-vs-fast-import [--events N] [--runs N]`.
///
/// The synthetic history is imported once and exported, so both sides get the text teamflow
/// itself writes (what moving a team's history gives `import`). `git fast-import` gets the
/// same blobs in the same order and one commit naming each at the path the import put it;
/// the two trees are checked to be the same. Each run imports into a new repository on both
/// sides and reports wall time, the child's CPU time (user + system) and peak memory (both
/// from `/usr/bin/time`) and the size of the packs written.
struct ImportVsFastImport {
    let bench: Bench

    /// One side's run.
    struct Run {
        var wall: Double
        var cpu: Double
        var peakMB: Int
        var packBytes: Int
        var tree: String
    }

    func run(events: Int) {
        guard let (stream, fastImport) = prepare(events: events) else { return }
        let runs = max(3, bench.options.runs / 3)
        var pairs: [(ours: Run, git: Run)] = []
        for _ in 0..<(runs + 1) {
            let ours = measure(bench.teamflow, ["import", stream], input: nil)
            let git = measure("/usr/bin/git", ["fast-import", "--quiet"], input: fastImport)
            pairs.append((ours, git))
        }
        pairs.removeFirst() // a warm-up pair
        if let first = pairs.first, first.ours.tree != first.git.tree {
            say("error: the trees differ: teamflow \(first.ours.tree), fast-import \(first.git.tree)")
        }
        report(pairs, events: events)
        try? FileManager.default.removeItem(atPath: stream)
        try? FileManager.default.removeItem(atPath: fastImport)
    }

    /// The canonical stream and the fast-import stream of the same events, as files.
    private func prepare(events: Int) -> (String, String)? {
        let seed = bench.makeRepo(Synthetic.stream(count: events))
        let stream = seed.path + ".canonical.yaml", fastImport = seed.path + ".fast-import"
        guard bench.shell(bench.teamflow, ["-C", seed.path, "export", "--out", stream], in: seed.path).code == 0,
              let text = FileManager.default.contents(atPath: stream) else {
            say("error: cannot export the synthetic history")
            return nil
        }
        var paths: [String: String] = [:]
        for line in bench.shell("/usr/bin/git", ["ls-tree", "-r", "refs/teamflow/events"], in: seed.path).out.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let path = String(line[line.index(after: tab)...])
            paths[String(path.split(separator: "/").last?.dropLast(5) ?? "")] = path
        }
        try? FileManager.default.removeItem(atPath: seed.path)
        var out = Data(), commit = "commit refs/teamflow/events\ncommitter Bench <bench@example.com> 1732000000 +0000\ndata 7\nimport\n"
        var mark = 0
        for document in Self.documents(text) {
            guard let id = Self.id(in: document), let path = paths[id] else { continue }
            mark += 1
            out.append(Data("blob\nmark :\(mark)\ndata \(document.count)\n".utf8))
            out.append(document)
            out.append(0x0A)
            commit += "M 100644 :\(mark) \(path)\n"
        }
        out.append(Data((commit + "\n").utf8))
        guard mark == paths.count, FileManager.default.createFile(atPath: fastImport, contents: out) else {
            say("error: \(mark) of \(paths.count) event files found in the export")
            return nil
        }
        return (stream, fastImport)
    }

    /// The documents of an export stream (each after its `---` line).
    static func documents(_ text: Data) -> [Data] {
        let bytes = [UInt8](text)
        var documents: [Data] = []
        var start: Int?
        var lineStart = 0
        while lineStart < bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            end = min(end + 1, bytes.count)
            if end - lineStart == 4, bytes[lineStart] == 0x2D, bytes[lineStart + 1] == 0x2D, bytes[lineStart + 2] == 0x2D, bytes[lineStart + 3] == 0x0A {
                if let start { documents.append(Data(bytes[start..<lineStart])) }
                start = end
            }
            lineStart = end
        }
        if let start, start < bytes.count { documents.append(Data(bytes[start...])) }
        return documents
    }

    /// The `id` of a canonical document (plain or single-quoted).
    static func id(in document: Data) -> String? {
        for line in String(decoding: document, as: UTF8.self).split(separator: "\n") where line.hasPrefix("id: ") {
            return line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        return nil
    }

    /// One import into a new repository, its CPU time and peak memory the child's own
    /// (`Spawn.run`'s `measuringPeak`).
    private func measure(_ program: String, _ args: [String], input: String?) -> Run {
        let path = NSTemporaryDirectory() + "teamflow-bench-import-\(UUID().uuidString)"
        _ = bench.shell("/usr/bin/git", ["init", "-q", path], in: NSTemporaryDirectory())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = DispatchTime.now().uptimeNanoseconds
        let code = Spawn.run(program, ["-C", path] + args, environment: bench.env, input: input, measuringPeak: true)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if code != 0 { say("  \(program) exited with \(code)") }
        let packs = path + "/.git/objects/pack"
        let bytes = ((try? FileManager.default.contentsOfDirectory(atPath: packs)) ?? []).filter { $0.hasSuffix(".pack") }.reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: packs + "/" + name)[.size] as? Int) ?? 0)
        }
        let tree = bench.shell("/usr/bin/git", ["rev-parse", "refs/teamflow/events^{tree}"], in: path).out
        return Run(wall: wall, cpu: Spawn.lastCPUSeconds, peakMB: Spawn.lastPeakMB, packBytes: bytes,
                   tree: tree.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func report(_ pairs: [(ours: Run, git: Run)], events: Int) {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        func ratio(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return String(format: "%.2fx (min %.2f, max %.2f)", sorted[sorted.count / 2], sorted.first ?? 0, sorted.last ?? 0)
        }
        let mib = { (bytes: Int) in String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        let ours = pairs.map(\.ours), git = pairs.map(\.git)
        say("import vs git fast-import @\(events), \(pairs.count) paired runs:")
        say("  wall: \(ms(median(ours.map(\.wall)))) vs \(ms(median(git.map(\.wall)))); paired ratio \(ratio(pairs.map { $0.ours.wall / $0.git.wall }))")
        say("  CPU (user + sys): \(ms(median(ours.map(\.cpu)))) vs \(ms(median(git.map(\.cpu)))); paired ratio \(ratio(pairs.map { $0.ours.cpu / max($0.git.cpu, 1e-6) }))")
        say("  peak memory: \(ours.map(\.peakMB).max() ?? 0) MB vs \(git.map(\.peakMB).max() ?? 0) MB")
        let packOurs = ours.last?.packBytes ?? 0, packGit = git.last?.packBytes ?? 0
        say("  packs: \(mib(packOurs)) vs \(mib(packGit)) (\(String(format: "%.2f", Double(packOurs) / Double(max(packGit, 1))))x)")
    }
}
