import Foundation

/// The chart figures: `stats` and `sprint --burndown` (and `week --burndown`) against `week`
/// on the same warm history; the target is each within 2x of `week`.
struct ChartFigures {
    let bench: Bench

    /// Only these figures, on a fresh synthetic history (`teamflow-bench charts`).
    func runAlone() {
        guard FileManager.default.isExecutableFile(atPath: bench.teamflow) else {
            say("error: \(bench.teamflow) is missing; build it first: swift build -c release")
            return
        }
        let large = bench.makeRepo(Synthetic.stream(count: bench.options.events))
        say("import \(bench.options.events) events: \(ms(large.importSeconds))")
        bench.settle()
        run(in: large.path)
    }

    /// Adds a sprint holding the bench's today (the synthetic history has none), then times
    /// the board against the charts, interleaved so that load on the machine hits them alike.
    func run(in path: String) {
        let add = bench.shell(bench.teamflow, ["-C", path, "sprint", "add", "Bench sprint", "--from", "2024-11-18", "--to", "2024-11-29"],
                              in: path)
        if add.code != 0 { say("sprint add failed: \(add.err)") }
        _ = bench.shell(bench.teamflow, ["-C", path, "week"], in: path) // fold the new event into the cache
        let figures = [["week"], ["stats"], ["sprint", "--burndown"], ["week", "--burndown"], ["stats", "--json"]]
        var samples = Array(repeating: [Double](), count: figures.count)
        for round in 0..<(bench.options.runs + Bench.warmup) {
            for (index, args) in figures.enumerated() {
                let timing = bench.timeProcess([args], in: path)
                if round >= Bench.warmup { samples[index] += timing.samples }
            }
        }
        let week = Bench.Timing(samples: samples[0])
        for (args, values) in zip(figures, samples) {
            let timing = Bench.Timing(samples: values)
            let ratio = week.median > 0 ? timing.median / week.median : 0
            say("\(args.joined(separator: " ")) @\(bench.options.events) warm: \(timing)  \(String(format: "%.2f", ratio))x week")
        }
    }
}
