// teamflow-bench: builds histories with `import` and measures the figures recorded in
// docs/PERFORMANCE.md. Build release first: `swift build -c release`, then
// `.build/release/teamflow-bench [--events 50000] [--runs 15]`.
//
// Whole-process figures run the real `teamflow` binary next to this one; replay is measured
// in a child process (`teamflow-bench replay DIR`) so its peak memory is its own.
import Foundation
import TeamflowCore
import TeamflowGit

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "snapshot", arguments.count == 2 {
    Replay.snapshot(directory: arguments[1])
    exit(0)
}
if arguments.first == "stream", arguments.count == 3, let count = Int(arguments[1]) {
    // The synthetic history as an import stream, for measuring by hand.
    if !FileManager.default.createFile(atPath: arguments[2], contents: Data(Synthetic.stream(count: count).utf8)) { say("error: cannot write \(arguments[2])") }
    exit(0)
}
if arguments.first == "micro", arguments.count == 1 {
    do { try Micro.run() } catch {
        FileHandle.standardError.write(Data("teamflow-bench micro: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
if arguments.first == "replay", arguments.count == 2 {
    Replay.run(directory: arguments[1])
    exit(0)
}

var options = BenchOptions()
// `paired [--events N] [--runs N]`: only the paired figures (PairedFigures), then Taskwarrior.
let pairedOnly = arguments.first == "paired"
if pairedOnly { arguments.removeFirst() }
// `charts [--events N] [--runs N]`: only the chart figures (ChartFigures).
let chartsOnly = arguments.first == "charts"
if chartsOnly { arguments.removeFirst() }
// `first-week [--events N] [--runs N]`: the first `week` after an import against a cold rebuild (FirstWeek).
let firstWeekOnly = arguments.first == "first-week"
if firstWeekOnly { arguments.removeFirst(); options.events = 1_000_000 }
// `import-vs-fast-import [--events N] [--runs N]`: only ImportVsFastImport.
let importOnly = arguments.first == "import-vs-fast-import"
if importOnly { arguments.removeFirst() }
var index = 0
while index < arguments.count {
    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch arguments[index] {
    case "--events": options.events = Int(value) ?? options.events; index += 1
    case "--runs": options.runs = Int(value) ?? options.runs; index += 1
    case "--small": options.small = Int(value) ?? options.small; index += 1
    default:
        FileHandle.standardError.write(Data("usage: teamflow-bench [charts | paired | first-week | import-vs-fast-import] [--events N] [--small N] [--runs N] | micro | replay DIR\n".utf8))
        exit(64)
    }
    index += 1
}
if firstWeekOnly {
    FirstWeek(bench: Bench(options: options)).run(events: options.events)
} else if importOnly {
    ImportVsFastImport(bench: Bench(options: options)).run(events: options.events)
} else if chartsOnly {
    ChartFigures(bench: Bench(options: options)).runAlone()
} else if pairedOnly {
    let bench = Bench(options: options)
    PairedFigures(bench: bench).run(events: options.events)
    TaskwarriorComparison(bench: bench).run(tasks: 10_000)
} else {
    Bench(options: options).runAll()
}
