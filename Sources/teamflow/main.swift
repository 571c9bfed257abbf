// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
import Foundation

let status = TeamflowCLI.run(Array(CommandLine.arguments.dropFirst()))
Console.flush()
exit(status)
