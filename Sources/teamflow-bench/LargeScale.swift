import Foundation

/// The figures for a fifty-person organisation over years (`--events 500000`): streaming
/// import (time per event against 50,000, peak memory), a cold rebuild against `git cat-file
/// --batch` reading the same blobs, the board of a normal week, and append against a tiny
/// repository.
struct LargeScale {
    /// From this many events the bench measures the organisation figures only.
    static let threshold = 200_000
    let bench: Bench

    func run(events: Int) {
        say("large scale: a 50-person organisation, \(events) events")
        let smaller = 50_000
        let (small, smallSeconds, smallPeak) = importOrganisation(count: smaller)
        let (large, largeSeconds, largePeak) = importOrganisation(count: events)
        let perEvent = (largeSeconds / Double(events)) / (smallSeconds / Double(smaller))
        say("import \(smaller): \(ms(smallSeconds)), peak \(smallPeak) MB")
        say("import \(events): \(ms(largeSeconds)), peak \(largePeak) MB; per event \(String(format: "%.2f", perEvent))x the \(smaller)-event rate")
        _ = small
        bench.settle()
        say("cold rebuild @\(events) (no cache): " + bench.replay(large))
        say("reference git cat-file --batch @\(events): \(bench.catFileBatch(large))")
        let week = Synthetic.organisationLastWeek(count: events)
        _ = bench.shell(bench.teamflow, ["-C", large, "week", week], in: large) // warm the cache
        say("week \(week) (300 tasks) @\(events) warm: \(bench.timeProcess(["week", week], in: large))")
        // The standup reads the state (done times and authors are folded), so it costs what a
        // board costs; paired with `week` run by run, as the ratio is what is promised. Both run
        // on the Tuesday of the last week, so "done since" is Monday's work.
        var standupBench = bench
        standupBench.env["TEAMFLOW_NOW"] = Synthetic.organisationStandupNow(count: events)
        let standupPairs = (0..<(bench.options.runs + Bench.warmup)).map { _ in
            (standupBench.timeProcess([["week", week]], in: large).median, standupBench.timeProcess([["standup"]], in: large).median)
        }.dropFirst(Bench.warmup)
        let standupRatios = standupPairs.map { $0.1 / $0.0 }.sorted()
        say("standup @\(events) warm: \(ms(standupPairs.map(\.1).sorted()[standupPairs.count / 2])); "
            + "paired ratio to week median \(String(format: "%.2f", standupRatios[standupRatios.count / 2]))x")
        let tiny = bench.makeRepo(Synthetic.stream(count: bench.options.small)).path
        let pairs = (0..<(bench.options.runs + Bench.warmup)).map { _ in
            (bench.timeProcess([["goal", "add", "bench goal"]], in: tiny).median,
             bench.timeProcess([["goal", "add", "bench goal"]], in: large).median)
        }.dropFirst(Bench.warmup)
        let ratios = pairs.map { $0.1 / $0.0 }.sorted()
        let tinyMedian = pairs.map(\.0).sorted()[pairs.count / 2], largeMedian = pairs.map(\.1).sorted()[pairs.count / 2]
        say("goal add @\(bench.options.small): \(ms(tinyMedian)), @\(events): \(ms(largeMedian)); paired ratio median \(String(format: "%.2f", ratios[ratios.count / 2]))x")
    }

    /// Imports an organisation history into a new repository: (path, seconds, peak MB).
    func importOrganisation(count: Int) -> (String, Double, Int) {
        let path = NSTemporaryDirectory() + "teamflow-bench-org-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = bench.shell("/usr/bin/git", ["init", "-q"], in: path)
        let file = path + ".yaml"
        if !FileManager.default.createFile(atPath: file, contents: Data(Synthetic.organisation(count: count).utf8)) { say("error: cannot write \(file)") }
        bench.settle()
        let start = DispatchTime.now().uptimeNanoseconds
        let code = Spawn.run(bench.teamflow, ["-C", path, "import", file], environment: bench.env, measuringPeak: true)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let peak = Spawn.lastPeakMB
        if code != 0 { say("import failed with exit \(code)") }
        try? FileManager.default.removeItem(atPath: file)
        return (path, seconds, peak)
    }
}
