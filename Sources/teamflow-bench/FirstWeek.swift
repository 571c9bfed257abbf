import Foundation

/// `teamflow-bench first-week [--events N] [--runs N]`: after an import of N organisation
/// events (default 1,000,000), the first `teamflow week` (which folds the history and writes
/// the snapshot with its lists) against a cold rebuild (the same command after the state files
/// are removed), then the warm `week` (median of the runs). Every figure is one child process,
/// timed from spawn to exit; its peak memory is that child's own (`Spawn.run`'s
/// `measuringPeak`; the warm figure's peak comes from one extra run, so `/usr/bin/time` is not
/// in the timed runs of a 20 ms command).
struct FirstWeek {
    let bench: Bench

    func run(events: Int) {
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        say("first week: \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, load \(load); \(events) organisation events")
        let (repo, seconds, peak) = LargeScale(bench: bench).importOrganisation(count: events)
        say("import \(events): \(ms(seconds)), peak \(peak) MB; state files after it: \(stateFiles(in: repo).joined(separator: ", "))")
        bench.settle()
        let week = Synthetic.organisationLastWeek(count: events)
        let first = timed(["week", week], in: repo, measuringPeak: true)
        say("first week \(week) @\(events): \(ms(first.seconds)), peak \(first.peak) MB")
        let colds = (0..<max(3, bench.options.runs / 3)).map { _ in
            dropState(in: repo)
            return timed(["week", week], in: repo, measuringPeak: true)
        }
        let cold = median(colds.map(\.seconds))
        say("cold rebuild (week, state files removed) @\(events): median \(ms(cold)) of \(colds.count), "
            + "peak \(colds.map(\.peak).max() ?? 0) MB; first week / cold rebuild = \(String(format: "%.2f", first.seconds / cold))x")
        for _ in 0..<Bench.warmup { _ = timed(["week", week], in: repo) }
        let warms = (0..<bench.options.runs).map { _ in timed(["week", week], in: repo) }
        let sorted = warms.map(\.seconds).sorted()
        let warmPeak = timed(["week", week], in: repo, measuringPeak: true).peak
        say("warm week @\(events): median \(ms(median(sorted))) (min \(ms(sorted.first ?? 0)), max \(ms(sorted.last ?? 0))) "
            + "of \(warms.count), peak \(warmPeak) MB")
        let json = (0..<bench.options.runs).map { _ in timed(["week", week, "--json"], in: repo).seconds }
        say("warm week --json @\(events): median \(ms(median(json)))")
        try? FileManager.default.removeItem(atPath: repo)
    }

    private func timed(_ args: [String], in repo: String, measuringPeak: Bool = false) -> (seconds: Double, peak: Int) {
        let start = DispatchTime.now().uptimeNanoseconds
        let code = Spawn.run(bench.teamflow, ["-C", repo] + args, environment: bench.env, measuringPeak: measuringPeak)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if code != 0 { say("  \(args.joined(separator: " ")) failed with exit \(code)") }
        return (seconds, Spawn.lastPeakMB)
    }

    private func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }

    private func stateFiles(in repo: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repo + "/.git/teamflow")) ?? []
        return names.isEmpty ? ["none"] : names.sorted()
    }

    /// Removes the state cache's files, so the next command rebuilds from the ref.
    private func dropState(in repo: String) {
        let folder = repo + "/.git/teamflow"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("state") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
