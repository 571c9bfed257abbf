import Foundation
import StateSnapshot
import TeamflowCore
import TeamflowGit

/// Reads and folds a whole history with no cache; prints events/s and peak memory.
enum Replay {
    static func run(directory: String) {
        do {
            let store = try GitEventStore.open(at: directory)
            let start = Date()
            let (state, diagnostics) = try store.replayState()
            let seconds = Date().timeIntervalSince(start)
            let events = (count: state.eventCount, ())
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            print("\(events.count) events in \(ms(seconds)) = \(Int(Double(events.count) / seconds)) events/s, "
                  + "peak RSS \(usage.ru_maxrss / 1024) MB, \(diagnostics.count) problems, \(state.goals.count) goals")
        } catch {
            print("replay failed: \(error)")
        }
    }

    /// Encodes and decodes the state snapshot of a repository a few times (cache cost).
    static func snapshot(directory: String) {
        do {
            let state = try GitEventStore.open(at: directory).state()
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                var writer = SnapshotWriter()
                writer.write(state)
                let bytes = writer.bytes
                let encoded = DispatchTime.now().uptimeNanoseconds
                var reader = SnapshotReader(bytes: bytes)
                let copy = try reader.read(TeamState.self)
                let decoded = DispatchTime.now().uptimeNanoseconds
                print("snapshot \(bytes.count) bytes: encode \(ms(Double(encoded - start) / 1e9)), "
                      + "decode \(ms(Double(decoded - encoded) / 1e9)), equal \(copy == state)")
            }
        } catch {
            print("snapshot failed: \(error)")
        }
    }
}
