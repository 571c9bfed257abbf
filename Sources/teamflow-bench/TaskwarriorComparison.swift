import Foundation

/// The same work in Taskwarrior (Debian's `taskwarrior`) and in teamflow at 10,000 tasks:
/// add one, complete one, list (the list in pairs). Skipped when `task` is not installed.
struct TaskwarriorComparison {
    let bench: Bench

    func run(tasks count: Int) {
        guard let task = ["/usr/bin/task", "/usr/local/bin/task"].first(where: FileManager.default.isExecutableFile) else {
            say("taskwarrior: not installed (apt-get install taskwarrior); comparison skipped")
            return
        }
        let dir = NSTemporaryDirectory() + "teamflow-bench-task-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
        let rc = dir + "/taskrc"
        if !FileManager.default.createFile(atPath: rc, contents: Data("data.location=\(dir)/data\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=2.6.2\n".utf8)) { say("error: cannot write \(rc)") }
        let json = "[" + (0..<count).map { "{\"description\":\"task \($0) for the comparison\",\"status\":\"pending\",\"entry\":\"20241118T000000Z\"}" }
            .joined(separator: ",") + "]"
        if !FileManager.default.createFile(atPath: dir + "/tasks.json", contents: Data(json.utf8)) { say("error: cannot write \(dir + "/tasks.json")") }
        let env = ["TASKRC": rc, "TASKDATA": dir + "/data", "PATH": "/usr/bin:/bin", "HOME": dir]
        _ = Spawn.run(task, ["import", dir + "/tasks.json"], environment: env)

        let runs = bench.options.runs
        let twAdd = time(runs) { _ in Spawn.run(task, ["add", "one more task"], environment: env) }
        let twDone = time(runs) { i in Spawn.run(task, ["\(i + 1)", "done"], environment: env) }

        let repo = bench.makeRepo(Synthetic.taskStream(count: count))
        let open = bench.openTasks(in: repo.path)
        let tfAdd = bench.timeProcess(["task", "add", "one more task", "--member", "건우"], in: repo.path)
        let tfCheck = bench.timeProcess(open.map { ["task", "check", $0] }, in: repo.path)
        // The list, the figure with a target, in pairs (one of each, run by run, after one
        // untimed pair), so that load on a shared machine moves both sides alike.
        let pairs = (0..<(runs + 1)).map { _ in
            (tw: time(1) { _ in Spawn.run(task, ["list"], environment: env) }.median,
             tf: bench.timeProcess([["task", "list"]], in: repo.path).median)
        }.dropFirst()
        let twList = Bench.Timing(samples: pairs.map(\.tw)), tfList = Bench.Timing(samples: pairs.map(\.tf))
        let ratios = pairs.map { $0.tf / $0.tw }.sorted()

        say("taskwarrior \(count) tasks vs teamflow \(count) tasks (median; ratio = teamflow / taskwarrior):")
        for (name, tw, tf) in [("add", twAdd, tfAdd), ("done/check", twDone, tfCheck)] {
            say("  \(name): taskwarrior \(ms(tw.median)), teamflow \(ms(tf.median)), ratio \(String(format: "%.2f", tf.median / tw.median))")
        }
        say("  list: taskwarrior \(ms(twList.median)), teamflow \(ms(tfList.median)); paired ratio median "
            + "\(String(format: "%.3f", ratios[ratios.count / 2]))x (min \(String(format: "%.3f", ratios.first ?? 0)), "
            + "max \(String(format: "%.3f", ratios.last ?? 0)))")
    }

    private func time(_ runs: Int, _ body: (Int) -> Int32) -> Bench.Timing {
        Bench.Timing(samples: (0..<runs).map { i in
            let start = DispatchTime.now().uptimeNanoseconds
            _ = body(i)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        })
    }
}
