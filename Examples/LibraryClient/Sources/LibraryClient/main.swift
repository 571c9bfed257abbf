// LibraryClient REPOSITORY: what a program using TeamflowKit looks like. It opens the team in
// REPOSITORY the way the `teamflow` command would (TEAMFLOW_NOW, TZ, TEAMFLOW_AUTHOR, git's
// user.name/user.email), records a goal and a task, checks the task, and prints this week's
// board from the read model, the same value `teamflow week` prints.
import Foundation
import TeamflowKit

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 else {
    printError("usage: LibraryClient REPOSITORY")
    exit(64)
}

do {
    let team = try Team.open(at: URL(fileURLWithPath: arguments[0]))
    try team.goals.add(title: "Ship the library")
    let task = try team.tasks.add(title: "Write the example client")
    try team.tasks.check(task.id)

    let board = try team.week()
    print("Week \(board.week) (\(board.start) – \(board.end))")
    print("Goals \(board.doneCount)/\(board.goals.count)")
    for goal in board.goals {
        print("  [\(goal.done ? "x" : " ")] \(goal.title)")
    }
    for member in board.members {
        print("\(member.member.name) \(member.done)/\(member.total)")
        for node in member.tasks.flatMap(\.flattenedNodes) {
            print("  [\(node.countsDone ? "x" : " ")] \(node.task.title)")
        }
    }
    let unassigned = board.unassignedProgress
    if unassigned.total > 0 {
        print("Unassigned \(unassigned.done)/\(unassigned.total)")
        for node in board.unassigned.flatMap(\.flattenedNodes) {
            print("  [\(node.countsDone ? "x" : " ")] \(node.task.title)")
        }
    }
} catch let error as TeamflowError {
    // A failure the user can act on: one line, then hints that name no `teamflow` flag.
    printError("error: \(error.message)")
    error.hints.forEach(printError)
    exit(error.isUsage ? 64 : 1)
} catch {
    printError("error: \(error)")
    exit(1)
}
