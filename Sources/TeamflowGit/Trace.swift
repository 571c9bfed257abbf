import Foundation

/// Phase timings on stderr when `TEAMFLOW_TRACE` is set: how a slow command is diagnosed
/// without a profiler (`TEAMFLOW_TRACE=1 teamflow week`).
enum Trace {
    /// Read with `getenv`: Foundation's `ProcessInfo.environment` copies the whole environment
    /// into a dictionary (~340,000 instructions, paid by every command that writes).
    static let enabled = getenv("TEAMFLOW_TRACE") != nil

    /// Runs `body`, and when tracing, prints how long it took.
    @inline(__always)
    static func measure<T>(_ label: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1_000
            FileHandle.standardError.write(Data("trace: \(label()) \(micros) µs\n".utf8))
        }
        return try body()
    }

    /// When tracing, prints the process's peak resident memory so far.
    static func memory(_ label: @autoclosure () -> String) {
        guard enabled else { return }
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        // Anonymous memory (ours and libgit2's heaps) apart from mapped files (pack windows and
        // indexes, which the kernel can drop): the two answer different questions.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func megabytes(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
                  let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return -1 }
            return kilobytes / 1024
        }
        let cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000
        FileHandle.standardError.write(Data(("trace: \(label()) RSS \(megabytes("VmRSS")) MB (anonymous \(megabytes("RssAnon")), "
            + "files \(megabytes("RssFile"))), peak \(usage.ru_maxrss / 1024) MB, CPU so far \(cpu) ms\n").utf8))
    }
}
