// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
// The process's own values are read here only; everything below takes them as parameters.
import ArgumentParsing
import Foundation

let status = TeamflowCLI.run(raw: RawArguments.current(), environment: ProcessInfo.processInfo.environment,
                             output: .process(), directory: FileManager.default.currentDirectoryPath)
exit(status)
