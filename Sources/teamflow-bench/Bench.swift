import Foundation

struct BenchOptions {
    var events = 50_000
    var small = 100
    var runs = 15
}

/// The whole benchmark: each figure printed as `name: median (min..max)`.
struct Bench {
    let options: BenchOptions
    let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var teamflow: String { binDir.appendingPathComponent("teamflow").path }
    var env: [String: String] = [
        "TEAMFLOW_NOW": "2024-11-19T10:00:00+09:00", "TZ": "Asia/Seoul", "NO_COLOR": "1",
        "TEAMFLOW_AUTHOR": "Bench <bench@example.com>", "PATH": "/usr/bin:/bin",
    ]

    func runAll() {
        guard FileManager.default.isExecutableFile(atPath: teamflow) else {
            say("error: \(teamflow) is missing; build it first: swift build -c release --static-swift-stdlib")
            return
        }
        say("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, "
              + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB; runs per figure: \(options.runs)")
        if options.events >= LargeScale.threshold {
            LargeScale(bench: self).run(events: options.events)
            return
        }
        let small = makeRepo(Synthetic.stream(count: options.small))
        let large = makeRepo(Synthetic.stream(count: options.events))
        say("import \(options.events) events: \(ms(large.importSeconds))")
        settle()

        let addSmall = timeProcess(["goal", "add", "bench goal"], in: small.path)
        let addLarge = timeProcess(["goal", "add", "bench goal"], in: large.path)
        say("goal add @\(options.small): \(addSmall)")
        say("goal add @\(options.events): \(addLarge)  ratio \(String(format: "%.2f", addLarge.median / addSmall.median))x")
        let open = openTasks(in: large.path)
        say("task check @\(options.events): \(timeProcess(open.map { ["task", "check", $0] }, in: large.path, warmup: Bench.warmup))")
        for args in [["goal", "list"], ["week"], ["week", "--json"], ["task", "list", "--member", "건우"]] {
            say("\(args.joined(separator: " ")) @\(options.events) warm: \(timeProcess(args, in: large.path))")
        }
        ChartFigures(bench: self).run(in: large.path)
        say("replay @\(options.events) (no cache, packed): " + replay(large.path))
        say("reference git cat-file --batch @\(options.events): \(catFileBatch(large.path))")
        say("reference PyYAML CSafeLoader @\(min(options.events, 10_000)): \(pyyaml(large.path, limit: 10_000))")
        let more = MoreBenchmarks(bench: self)
        more.wikiExport(in: large.path, events: options.events)
        more.generate()
        more.sync()
        TaskwarriorComparison(bench: self).run(tasks: 10_000)
    }

    /// Ids of open tasks this week, to check one per run.
    func openTasks(in path: String) -> [String] {
        let result = shell(teamflow, ["-C", path, "task", "list", "--open", "--week", "all", "--json"], in: path)
        let ids = (try? JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        return Array(ids.prefix(options.runs + Bench.warmup))
    }

    /// Untimed runs before each figure: the first runs after a large import are slower (the
    /// kernel is still writing back and reclaiming), which is not what a user's day looks like.
    static let warmup = 3

    /// Flushes dirty pages and pauses, so the import's write-back does not land in a figure.
    func settle() {
        _ = shell("/bin/sync", [], in: NSTemporaryDirectory())
        Thread.sleep(forTimeInterval: 2)
    }

    struct Repo {
        var path: String
        var importSeconds: Double
    }

    func makeRepo(_ stream: String) -> Repo {
        let path = NSTemporaryDirectory() + "teamflow-bench-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = shell("/usr/bin/git", ["init", "-q"], in: path)
        let file = path + "/../\(UUID().uuidString).yaml"
        if !FileManager.default.createFile(atPath: file, contents: Data(stream.utf8)) { say("error: cannot write \(file)") }
        let start = DispatchTime.now().uptimeNanoseconds
        let code = Spawn.run(teamflow, ["-C", path, "import", file], environment: env)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if code != 0 { say("import failed with exit \(code)") }
        _ = shell(teamflow, ["week"], in: path) // warm the cache
        return Repo(path: path, importSeconds: seconds)
    }

    struct Timing: CustomStringConvertible {
        var samples: [Double]
        var median: Double { samples.isEmpty ? 0 : samples.sorted()[samples.count / 2] }
        var description: String {
            guard !samples.isEmpty else { return "n/a (nothing to run)" }
            let sorted = samples.sorted()
            return "median \(ms(median)) (min \(ms(sorted.first ?? 0)), max \(ms(sorted.last ?? 0)))"
        }
    }

    func timeProcess(_ args: [String], in path: String) -> Timing {
        timeProcess(Array(repeating: args, count: options.runs + Bench.warmup), in: path, warmup: Bench.warmup)
    }

    /// Times each argument list once, as a whole process, after `warmup` untimed ones.
    func timeProcess(_ runs: [[String]], in path: String, warmup: Int = 0) -> Timing {
        for args in runs.prefix(warmup) { _ = Spawn.run(teamflow, ["-C", path] + args, environment: env) }
        var samples: [Double] = []
        for args in runs.dropFirst(warmup) {
            let start = DispatchTime.now().uptimeNanoseconds
            let code = Spawn.run(teamflow, ["-C", path] + args, environment: env)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if code != 0 { say("  \(args) failed with exit \(code)") }
        }
        return Timing(samples: samples)
    }

    func replay(_ path: String) -> String {
        let result = shell(CommandLine.arguments[0], ["replay", path], in: path)
        return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func catFileBatch(_ path: String) -> String {
        let script = "git ls-tree -r refs/teamflow/events | awk '{print $3}' > /tmp/tf-bench-ids; "
            + "s=$(date +%s%N); git cat-file --batch < /tmp/tf-bench-ids > /dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000 ))"
        let micros = Double(shell("/bin/sh", ["-c", script], in: path).out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return "\(ms(micros / 1e6)) for \(options.events) blobs (\(Int(Double(options.events) / max(micros / 1e6, 1e-9))) blobs/s)"
    }

    func pyyaml(_ path: String, limit: Int) -> String {
        let script = """
            import subprocess, sys, time, yaml
            ids = subprocess.run(['git', 'ls-tree', '-r', 'refs/teamflow/events'], capture_output=True, text=True).stdout.split('\\n')
            blobs = [l.split()[2] for l in ids if l][:\(limit)]
            out = subprocess.run(['git', 'cat-file', '--batch'], input=('\\n'.join(blobs) + '\\n').encode(), capture_output=True).stdout
            docs, i = [], 0
            while i < len(out):
                nl = out.index(b'\\n', i); size = int(out[i:nl].split()[2]); docs.append(out[nl + 1:nl + 1 + size]); i = nl + 2 + size
            s = time.perf_counter()
            for d in docs: yaml.load(d, Loader=yaml.CSafeLoader)
            e = time.perf_counter()
            print(f"{(e - s) * 1000:.0f} ms for {len(docs)} docs ({len(docs) / (e - s):.0f} events/s)")
            """
        let result = shell("/usr/bin/env", ["python3", "-c", script], in: path)
        let out = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
        return out.isEmpty ? "failed: " + result.err.split(separator: "\n").suffix(2).joined(separator: " ") : out
    }

    func shell(_ executable: String, _ args: [String], in path: String) -> (out: String, err: String, code: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        var environment = env
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return ("", "\(error)", 127) }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// Prints a line at once (stdout is block-buffered when piped, and a figure should not wait).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
