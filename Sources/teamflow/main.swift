// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
// The process's own values are read here only; everything below takes them as parameters.
import ArgumentParsing
import Foundation

/// The environment as the process received it, read from `environ`: Foundation's
/// `ProcessInfo.environment` builds the same dictionary at a cost measured in start-up time.
/// Where a name appears twice the first wins, as `getenv` answers.
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        cursor += 1
    }
    return result
}

let status = TeamflowCLI.run(raw: RawArguments.current(), environment: processEnvironment(),
                             output: .process(), directory: FileManager.default.currentDirectoryPath)
exit(status)
