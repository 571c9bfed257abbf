import ArgumentParsing
import Foundation

/// The parser's `run` closure for a command body that works on an `Invocation`: every leaf
/// spec states `run: handler(body)`, so a command without a body does not compile.
func handler(_ body: @escaping @Sendable (Invocation) throws -> Void) -> CommandSpec.Run {
    { parsed in
        let invocation = try Invocation(parsed: parsed, environment: ProcessInfo.processInfo.environment)
        // The process exits right after the command; freeing a large derived state first would
        // only cost time (~10 ms at 50,000 events), so the invocation is deliberately kept.
        _ = Unmanaged.passRetained(invocation)
        try body(invocation)
    }
}
