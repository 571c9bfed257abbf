import Foundation

/// Runs a program and waits with posix_spawn/waitpid. Foundation's `Process` polls for the
/// child's exit on Linux, which adds tens of milliseconds to a measured run.
enum Spawn {
    /// Runs `path args` with `environment`, output discarded (standard input from `input`
    /// when given); returns the exit status.
    static func run(_ path: String, _ args: [String], environment: [String: String], input: String? = nil) -> Int32 {
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
}
