import Foundation
import TeamflowCore
import TeamflowGit

/// Reads and folds a whole history with no cache; prints events/s and peak memory.
enum Replay {
    static func run(directory: String) {
        do {
            let store = try GitEventStore.open(at: directory)
            let start = Date()
            let (events, diagnostics) = try store.loadAll()
            var state = TeamState()
            state.apply(events)
            let seconds = Date().timeIntervalSince(start)
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            print("\(events.count) events in \(ms(seconds)) = \(Int(Double(events.count) / seconds)) events/s, "
                  + "peak RSS \(usage.ru_maxrss / 1024) MB, \(diagnostics.count) problems, \(state.goals.count) goals")
        } catch {
            print("replay failed: \(error)")
        }
    }
}
