public import Foundation
public import TeamflowCore

/// What `gh issue list --json number,title,body,state,labels,assignees,url` prints, read with `JSONReader`.
public enum GitHubIssues {
    /// The issues of gh's JSON list; malformed input names the item and field.
    public static func parse(_ data: Data) throws -> [TaskUseCases.Issue] {
        let root: JSONValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw malformed("not JSON (\(error))")
        }
        guard let items = root.array else { throw malformed("the top level is not a list") }
        return try items.enumerated().map { index, item in
            guard let object = item.object else { throw malformed("item \(index) is not an object") }
            guard let number = GitHubPullRequest.integer(object["number"]), number > 0 else {
                throw malformed("field '[\(index)].number' is missing or not a positive integer")
            }
            guard let title = object["title"]?.string else { throw malformed("field '[\(index)].title' is missing or not a string") }
            let state = (object["state"]?.string ?? "open").lowercased()
            // gh prints labels as {name, …} and assignees as {login, …}; other members are ignored.
            let labels = try names(object["labels"], key: "name", field: "[\(index)].labels")
            let assignees = try names(object["assignees"], key: "login", field: "[\(index)].assignees")
            return TaskUseCases.Issue(number: number, title: Markdown.normalizingLineEnds(title), open: state != "closed",
                                      labels: labels, assignees: assignees)
        }
    }

    /// The `key` strings of a list of objects; absent or null is an empty list.
    static func names(_ value: JSONValue?, key: String, field: String) throws -> [String] {
        guard let value, !value.isNull else { return [] }
        guard let items = value.array else { throw malformed("field '\(field)' is not a list") }
        return try items.enumerated().map { index, item in
            guard let name = item.object?[key]?.string else { throw malformed("field '\(field)[\(index)].\(key)' is missing or not a string") }
            return name
        }
    }

    static func malformed(_ what: String) -> TeamflowError {
        TeamflowError(.failure, "malformed gh JSON: \(what)",
                      hints: ["Make it with: gh issue list --state all --json number,title,body,state,labels,assignees,url > issues.json"])
    }
}
