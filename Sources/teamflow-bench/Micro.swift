import Foundation
import Git
import YAML

/// `teamflow-bench micro`: library-level figures that used to be printed by `swift test`
/// (which asserts behaviour, never speed): YAML parse/emit per event-sized document, and
/// packed blob writes and reads through libgit2.
enum Micro {
    static let event = """
        v: 1
        id: 01JCZ3M8Q4W7XG2V5K9T6B1N0R
        type: task.checked
        at: '2024-11-18T10:00:00+09:00'
        author:
          name: 김철수
          email: chulsoo.kim@example.com
        clock: 42
        data:
          task: 01JCZ3KX7P2M4Q8R6T1V9W3Y5A
          week: 2024-W47
          title: 'Event store: compare-and-swap ref update'
          note: |
            Both processes succeed;
            no event is lost.

        """

    static func run() throws {
        let clock = ContinuousClock()
        let bytes = Array(event.utf8)
        let rounds = 20_000
        let reference = try YAML.parse(bytes: bytes)
        var checksum = 0
        let parse = try clock.measure {
            for _ in 0..<rounds {
                checksum &+= try bytes.withUnsafeBytes { try YAML.parse(bytes: $0, file: "events/x.yaml") }["clock"]?.int ?? 0
            }
        }
        var emitted = 0
        let emit = clock.measure { for _ in 0..<rounds { emitted &+= YAML.emit(reference).utf8.count } }
        guard checksum == 42 * rounds, emitted > 0 else { throw BenchFailure("YAML results are wrong") }
        print(String(format: "YAML (%d-byte event): parse %.2f µs/doc, emit %.2f µs/doc",
                     bytes.count, micros(parse) / Double(rounds), micros(emit) / Double(rounds)))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teamflow-bench-micro-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = try Repository.create(at: folder.path, bare: true)
        let count = 50_000
        var ids: [ObjectID] = []
        let write = try clock.measure {
            ids = try repository.withPackedWrites {
                try (0..<count).map { try repository.writeBlob(Array("id: ev-\($0)\ntype: task.added\ntitle: Task \($0)\n".utf8)) }
            }
        }
        var total = 0
        let read = try clock.measure { for id in ids { total += try repository.readBlob(id).count } }
        let batched = try clock.measure { _ = try repository.readBlobs(ids) }
        print(String(format: "Git packed blobs (%d): write %.2f µs/blob, read %.2f µs/blob, readBlobs %.2f µs/blob",
                     count, micros(write) / Double(count), micros(read) / Double(count), micros(batched) / Double(count)))
    }

    static func micros(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
