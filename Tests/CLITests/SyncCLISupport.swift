import Foundation
import XCTest

/// Runs stock git in `directory`; throws with git's stderr on a non-zero exit.
@discardableResult
func runGit(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> String {
    try Subprocess.git(arguments, in: directory, environment: environment)
}

let eventsRef = "refs/teamflow/events"

extension Workspace {
    /// A fresh repository whose `origin` is `remote`, as a teammate's clone would be.
    static func clone(of remote: String, user: String) throws -> Workspace {
        let workspace = try Workspace()
        try workspace.git("config", "user.name", user)
        try workspace.git("config", "user.email", "\(user.lowercased())@example.com")
        try workspace.git("remote", "add", "origin", remote)
        return workspace
    }

    /// `teamflow sync ...`, failing the test on a non-zero exit.
    @discardableResult
    func sync(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Result {
        let result = try CLI.run(["sync"] + arguments, in: path)
        XCTAssertEqual(result.code, 0, "sync failed: \(result.stderr)", file: file, line: line)
        return result
    }

    /// The event files on the ref with their blob ids, sorted (empty without events).
    func eventFiles() throws -> [String] {
        guard (try? git("rev-parse", "--verify", "-q", eventsRef)) != nil else { return [] }
        return try git("ls-tree", "-r", eventsRef).split(separator: "\n").map(String.init).sorted()
    }

    func tip() -> String? { try? git("rev-parse", "--verify", "-q", eventsRef) }
}

/// A multi-document YAML stream of `count` goal events for `teamflow import`, with ids made
/// from `tag` so two streams never share an id.
func goalStream(count: Int, tag: String, clockStart: Int = 1) -> String {
    var text = ""
    for index in 0..<count {
        let id = String(format: "%@%08d", tag, index)
        text += """
        ---
        v: 1
        id: \(id)
        type: goal.added
        at: '2024-11-19T10:00:00+09:00'
        author:
          name: Importer
          email: import@example.com
        clock: \(clockStart + index)
        data:
          title: goal \(tag) \(index)
          week: 2024-W47

        """
    }
    return text
}
