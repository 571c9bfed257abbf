import ArgumentParsing
import Foundation
import TeamflowCore

/// The parser's `run` closure for a command body that works on an `Invocation`: every leaf
/// spec states `run: handler(body)`, so a command without a body does not compile.
func handler(_ body: @escaping @Sendable (Invocation) throws -> Void) -> CommandSpec.Run {
    { parsed in
        // `TeamflowCLI.run` binds the context before it parses; a parsed line run any other way
        // has no output to write to.
        guard let context = RunContext.current else {
            throw TeamflowError(.failure, "a command ran outside TeamflowCLI.run")
        }
        try body(Invocation(parsed: parsed, context: context))
    }
}
