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
        let invocation = try Invocation(parsed: parsed, context: context)
        // The process exits right after the command; freeing a large derived state first would
        // only cost time (~10 ms at 50,000 events), so there the invocation is deliberately kept.
        // A run in a test's process is freed, or every run would leak its state.
        if context.output.isProcess { _ = Unmanaged.passRetained(invocation) }
        try body(invocation)
    }
}
