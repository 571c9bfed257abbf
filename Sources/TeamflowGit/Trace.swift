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
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ")
        let current = statm.flatMap { $0.count > 1 ? Int($0[1]) : nil }.map { $0 * Int(getpagesize()) / 1_048_576 } ?? -1
        FileHandle.standardError.write(Data("trace: \(label()) RSS \(current) MB, peak \(usage.ru_maxrss / 1024) MB\n".utf8))
    }
}
