import Dispatch
import Foundation

/// Maps indices to results on every core, for work that is pure and large enough to split.
enum ParallelMap {
    /// Below this many items the work runs on the calling thread.
    static let threshold = 512

    static func map<T: Sendable>(count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        guard count >= threshold, workers > 1 else { return (0..<count).map(transform) }
        let box = ResultBox<T>(count: count)
        let chunk = (count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let range = (worker * chunk)..<min(count, (worker + 1) * chunk)
            guard !range.isEmpty else { return }
            box.store(range.map(transform), at: range.lowerBound)
        }
        return box.results()
    }

    /// Each worker writes a disjoint slice; the lock only guards the bookkeeping.
    private final class ResultBox<T>: @unchecked Sendable {
        private var slices: [(Int, [T])] = []
        private let lock = NSLock()

        init(count: Int) { slices.reserveCapacity(8) }

        func store(_ values: [T], at start: Int) {
            lock.lock()
            slices.append((start, values))
            lock.unlock()
        }

        func results() -> [T] {
            slices.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }
}
