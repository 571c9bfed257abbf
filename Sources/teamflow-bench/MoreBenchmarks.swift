import Foundation

/// Wiki export, generators and sync over a real `git daemon` on 127.0.0.1.
struct MoreBenchmarks {
    let bench: Bench

    func wikiExport(in path: String, events: Int) {
        let out = path + "/wiki-out"
        let first = bench.timeProcess([["wiki", "export", "--out", out]], in: path)
        let again = bench.timeProcess(["wiki", "export", "--out", out], in: path)
        say("wiki export @\(events) first (empty folder): \(ms(first.median)); again (unchanged pages): \(again)")
    }

    func generate() {
        let dir = NSTemporaryDirectory() + "teamflow-bench-gen-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let runs = (0..<bench.options.runs).map { ["generate", "feature", "Profile\($0)", "--out", dir + "/out"] }
        say("generate feature (whole process): \(bench.timeProcess(runs, in: dir))")
    }

    /// Two clones with 1,000 events each meet through one bare repository served by git daemon.
    func sync(events: Int = 1_000) {
        let root = NSTemporaryDirectory() + "teamflow-bench-sync-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = bench.shell("/usr/bin/git", ["init", "-q", "--bare", root + "/remote.git"], in: root)
        guard let (daemon, port) = startDaemon(base: root) else {
            say("sync: git daemon did not start; skipped")
            return
        }
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        let url = "git://127.0.0.1:\(port)/remote.git"
        let a = bench.makeRepo(Synthetic.stream(count: events, tag: "aaaa"))
        let b = bench.makeRepo(Synthetic.stream(count: events, tag: "bbbb"))
        for repo in [a, b] { _ = bench.shell("/usr/bin/git", ["remote", "add", "origin", url], in: repo.path) }
        let push = bench.timeProcess([["sync"]], in: a.path)
        let both = bench.timeProcess([["sync"]], in: b.path)
        let receive = bench.timeProcess([["sync"]], in: a.path)
        let noop = bench.timeProcess(["sync"], in: a.path)
        say("sync over git daemon: push \(events) \(ms(push.median)); \(events) each way (merge + push) \(ms(both.median)); "
            + "receive \(events) \(ms(receive.median)); no-op \(noop)")
    }

    private func startDaemon(base: String) -> (Process, Int)? {
        for attempt in 0..<20 {
            let port = 20_000 + (Int(getpid()) * 7 + attempt * 131) % 20_000
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["daemon", "--export-all", "--enable=receive-pack", "--reuseaddr", "--base-path=\(base)",
                                 "--listen=127.0.0.1", "--port=\(port)", base]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            for _ in 0..<50 {
                usleep(20_000)
                if !process.isRunning { break }
                if bench.shell("/usr/bin/git", ["ls-remote", "git://127.0.0.1:\(port)/remote.git"], in: base).code == 0 {
                    return (process, port)
                }
            }
            if process.isRunning { process.terminate() }
        }
        return nil
    }
}
