import Foundation

/// Runs a program and waits with posix_spawn/waitpid. Foundation's `Process` polls for the
/// child's exit on Linux, which adds tens of milliseconds to a measured run.
enum Spawn {
    /// Runs `path args` with `environment`, output discarded (standard input from `input`
    /// when given); returns the exit status.
    ///
    /// With `measuringPeak`, the child is started by `/usr/bin/time`: `lastPeakMB` is its own
    /// peak and `lastCPUSeconds` its user + system time. Without it, `lastPeakMB` is at least this bench's own high-water mark: Linux
    /// carries a process's peak RSS into the program it starts (`exec` folds the old memory's
    /// peak into the new process), and this process holds whole histories.
    static func run(_ path: String, _ args: [String], environment: [String: String], input: String? = nil,
                    measuringPeak: Bool = false) -> Int32 {
        let time = "/usr/bin/time"
        guard measuringPeak, FileManager.default.isExecutableFile(atPath: time) else {
            lastCPUSeconds = 0
            return spawn(path, args, environment: environment, input: input)
        }
        // `time` starts the child from its own small memory, so the child inherits no peak.
        let report = NSTemporaryDirectory() + "teamflow-bench-peak-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let status = spawn(time, ["-f", "%U %S %M", "-o", report, path] + args, environment: environment, input: input)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        // The last line holds the figures; a line before it says the command failed.
        let fields = text.split(separator: "\n").last?.split(separator: " ").compactMap { Double($0) } ?? []
        lastCPUSeconds = fields.count == 3 ? fields[0] + fields[1] : 0
        lastPeakMB = fields.count == 3 ? Int(fields[2]) / 1024 : 0
        return status
    }

    private static func spawn(_ path: String, _ args: [String], environment: [String: String], input: String?) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        lastPeakMB = usage.ru_maxrss / 1024
        return (status >> 8) & 0xFF
    }

    /// The peak resident memory of the last child `run` waited for, in MB.
    nonisolated(unsafe) static var lastPeakMB = 0

    /// User + system seconds of the last child run with `measuringPeak`.
    nonisolated(unsafe) static var lastCPUSeconds = 0.0
}
