import Foundation
public import TeamflowCore

/// Where `import` reads its YAML stream from.
public enum EventStreamSource: Sendable, Equatable {
    /// Standard input, read whole (it cannot be reopened).
    case standardInput
    /// A file, streamed document by document; `name` is how errors and the commit call it.
    case file(path: String, name: String)
}

extension GitEventStore {
    /// `import`: appends a stream's events in one commit (see `importFile`); a file is streamed so
    /// memory does not grow with its size.
    public func importEvents(from source: EventStreamSource, author: Author?, at: String) throws -> ImportResult {
        switch source {
        case .standardInput:
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let text = String(data: data, encoding: .utf8) else {
                throw TeamflowError(.failure, "standard input is not UTF-8 text", hints: ["Nothing was imported."])
            }
            return try importStream(text, file: "-", author: author, at: at)
        case .file(let path, let name):
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw TeamflowError(.failure, "cannot read \(name)", hints: ["Check the path (relative to the current directory or -C)."])
            }
            return try importFile(atPath: path, file: name, author: author, at: at)
        }
    }

    /// `export --out`: the whole stream written atomically to `path` (a failed write leaves any
    /// earlier file as it was and is reported, never a partial file).
    public func export(toFile path: String, name: String) throws {
        // Streamed into a new file beside the target, then renamed over it.
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).teamflow-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try writeExport(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                throw ExportFileFailure(underlying: CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]))
            }
        } catch let failure as ExportFileFailure {
            try? FileManager.default.removeItem(at: temporary)
            throw TeamflowError(.failure, "cannot write \(name): \(failure.underlying.localizedDescription)")
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
