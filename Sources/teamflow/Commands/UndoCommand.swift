import ArgumentParsing
import JSONShapes
import TeamflowCore

/// `teamflow undo [ID]`: append the compensating event; history is never rewritten.
enum UndoCommand {
    static let id = ArgumentSpec(name: "id", help: "An event id prefix, as `teamflow log` shows.", isOptional: true)

    static let spec = CommandSpec(
        name: "undo",
        abstract: "Undo your most recent change (or the event ID) by appending its compensating event.",
        discussion: "The history is never rewritten. Repeating undo walks back through your changes.",
        examples: ["teamflow undo", "teamflow undo 3f2a"],
        arguments: [id],
        run: handler(run)
    )

    static func run(_ inv: Invocation) throws {
        let outcome = try UndoUseCase(repository: try inv.store(), session: try inv.session()).undo(inv.parsed[id])
        // A multi-id command is undone whole; JSON lists every event in `batch`.
        let batch = outcome.allUndone.count > 1
        inv.emit(json: EntityJSON.undo(outcome),
                 text: batch ? "Undid \(outcome.allUndone.count) events of one command: "
                     + outcome.allUndone.map { "\(ShortID.of($0.id)) \(Present.oneLine($0.type))" }.joined(separator: ", ")
                     : "Undid \(ShortID.of(outcome.undone.id)) \(outcome.undone.type) with \(outcome.written.type)")
    }
}
