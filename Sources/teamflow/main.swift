// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
import ArgumentParsing
import Foundation

let status = TeamflowCLI.run(raw: RawArguments.current())
Console.flush()
exit(status)
