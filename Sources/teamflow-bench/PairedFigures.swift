import Foundation

/// Figures taken as pairs, run by run, so that load on a shared machine moves both sides
/// alike: the cold rebuild against `git cat-file --batch` of the same blobs, `doctor` and
/// `export` (time and peak memory), and an append against a plain `git add` + `git commit` of
/// one file in a tiny repository. `teamflow-bench paired [--events N] [--runs N]`.
struct PairedFigures {
    let bench: Bench

    func run(events: Int) {
        let repo = events >= LargeScale.threshold
            ? LargeScale(bench: bench).importOrganisation(count: events).0
            : bench.makeRepo(Synthetic.stream(count: events)).path
        bench.settle()
        coldRebuild(in: repo, events: events)
        readers(in: repo, events: events)
        append()
        ImportVsFastImport(bench: bench).run(events: events)
    }

    /// Every event blob's id, one a line, for `git cat-file --batch`.
    private func blobList(in repo: String) -> String {
        let file = repo + "/.git/tf-bench-blobs"
        _ = bench.shell("/bin/sh", ["-c", "git ls-tree -r refs/teamflow/events | awk '{print $3}' > '\(file)'"], in: repo)
        return file
    }

    /// Seconds and peak MB of one whole process.
    private func timed(_ body: () -> Int32) -> (seconds: Double, peak: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let code = body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if code != 0 { say("  a run failed with exit \(code)") }
        return (seconds, Spawn.lastPeakMB)
    }

    private func catFile(_ blobs: String, in repo: String) -> Double {
        timed { Spawn.run("/usr/bin/git", ["-C", repo, "cat-file", "--batch"], environment: bench.env, input: blobs) }.seconds
    }

    /// The state cache's files: removing them makes the next command rebuild from the ref.
    private func dropCache(in repo: String) {
        let folder = repo + "/.git/teamflow"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("state") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// `peak`: the runs were started with `measuringPeak` (otherwise their peaks include this
    /// bench's own and are not shown).
    private func report(_ name: String, _ pairs: [(ours: (seconds: Double, peak: Int), git: Double)], peak showsPeak: Bool = true) {
        let ratios = pairs.map { $0.ours.seconds / $0.git }.sorted()
        let ours = pairs.map(\.ours.seconds).sorted(), git = pairs.map(\.git).sorted()
        let peak = pairs.map(\.ours.peak).max() ?? 0
        say("\(name): \(ms(ours[ours.count / 2]))\(showsPeak ? " (peak \(peak) MB)" : "") vs \(ms(git[git.count / 2])); "
            + "paired ratio median \(String(format: "%.2f", ratios[ratios.count / 2]))x "
            + "(min \(String(format: "%.2f", ratios.first ?? 0)), max \(String(format: "%.2f", ratios.last ?? 0)))")
    }

    /// Runs per whole-history figure: `--runs` below the large-scale threshold (at 50,000 a
    /// pair takes about half a second, and three pairs left the median at the mercy of one),
    /// a third of it above, at least 3.
    private func slowRuns(_ events: Int) -> Int {
        events >= LargeScale.threshold ? max(3, bench.options.runs / 3) : max(3, bench.options.runs)
    }

    func coldRebuild(in repo: String, events: Int) {
        let blobs = blobList(in: repo)
        let pairs = (0..<(slowRuns(events) + 1)).map { _ in
            dropCache(in: repo)
            let ours = timed { Spawn.run(bench.teamflow, ["-C", repo, "week"], environment: bench.env, measuringPeak: true) }
            return (ours, catFile(blobs, in: repo))
        }.dropFirst()
        report("cold rebuild (week, no cache) @\(events) vs git cat-file --batch", Array(pairs))
    }

    func readers(in repo: String, events: Int) {
        let blobs = blobList(in: repo)
        for (name, args) in [("doctor", ["doctor"]), ("export (to standard output)", ["export"])] {
            let pairs = (0..<(slowRuns(events) + 1)).map { _ in
                (timed { Spawn.run(bench.teamflow, ["-C", repo] + args, environment: bench.env, measuringPeak: true) }, catFile(blobs, in: repo))
            }.dropFirst()
            report("\(name) @\(events) vs git cat-file --batch", Array(pairs))
        }
    }

    /// `goal add` in a 100-event repository against `git add` + `git commit` of one new file
    /// in a one-commit repository.
    func append() {
        let tiny = bench.makeRepo(Synthetic.stream(count: bench.options.small)).path
        let plain = NSTemporaryDirectory() + "teamflow-bench-git-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        _ = bench.shell("/bin/sh", ["-c", "git init -q && echo a > a && git add a && git commit -qm a"], in: plain)
        var env = bench.env
        env["GIT_AUTHOR_NAME"] = "Bench"; env["GIT_AUTHOR_EMAIL"] = "bench@example.com"
        env["GIT_COMMITTER_NAME"] = "Bench"; env["GIT_COMMITTER_EMAIL"] = "bench@example.com"
        let pairs = (0..<(bench.options.runs + Bench.warmup)).map { run in
            let ours = timed { Spawn.run(bench.teamflow, ["-C", tiny, "goal", "add", "bench goal"], environment: bench.env) }
            let name = "file-\(run).txt"
            if !FileManager.default.createFile(atPath: plain + "/" + name, contents: Data("line \(run)\n".utf8)) { say("error: cannot write \(name)") }
            let git = timed {
                let added = Spawn.run("/usr/bin/git", ["-C", plain, "add", name], environment: env)
                return added != 0 ? added : Spawn.run("/usr/bin/git", ["-C", plain, "commit", "-q", "-m", "add \(name)"], environment: env)
            }
            return (ours: ours, git: git.seconds)
        }.dropFirst(Bench.warmup)
        report("goal add @\(bench.options.small) vs git add + git commit of one file", Array(pairs), peak: false)
    }
}
