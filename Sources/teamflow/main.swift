// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
// The process's own values are read here only; everything below takes them as parameters.
import ArgumentParsing
import Foundation

/// The environment as the process received it, read from `environ`: Foundation's
/// `ProcessInfo.environment` builds the same dictionary at a cost measured in start-up time.
/// Where a name appears twice the first wins, as `getenv` answers. The entries are split on
/// their bytes (a `Character` search for "=" cost ~5,000 instructions an entry) and stored
/// last to first, so the first of a repeated name is written last, with one hash each.
func processEnvironment() -> [String: String] {
    var entries: [UnsafeMutablePointer<CChar>] = []
    var cursor = environ
    while let entry = cursor.pointee {
        entries.append(entry)
        cursor += 1
    }
    var result: [String: String] = [:]
    result.reserveCapacity(entries.count)
    for entry in entries.reversed() {
        let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
        result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
    }
    return result
}

let arguments = RawArguments.current()
if HeapPolicy.applies(to: arguments) {
    KeptUntilExit.enable()
    let advised = HeapPolicy.applyForOneShotCommand()
    if getenv("TEAMFLOW_TRACE") != nil { // as `Trace` decides
        FileHandle.standardError.write(Data("trace: heap advised for huge pages \(advised >> 20) MiB\n".utf8))
    }
}
let status = TeamflowCLI.run(raw: arguments, environment: processEnvironment(),
                             output: .process(), directory: FileManager.default.currentDirectoryPath)
if getenv("TEAMFLOW_TRACE") != nil {
    FileHandle.standardError.write(Data("trace: results kept until exit \(KeptUntilExit.count)\n".utf8))
}
exit(status)
