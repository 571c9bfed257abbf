// The teamflow executable: parse arguments, call use cases, print, set the exit code.
// All logic lives in the library modules; see docs/ARCHITECTURE.md.
import Foundation

exit(TeamflowCLI.run(Array(CommandLine.arguments.dropFirst())))
