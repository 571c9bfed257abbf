/// A task's link to work on GitHub or in git: a pull request, an issue or a commit.
public struct TaskLink: Sendable, Codable, Equatable, Hashable {
    /// `pr`, `issue` or `commit`.
    public var kind: String
    /// The number (`95`) or the commit's hash as given.
    public var ref: String

    public init(kind: String, ref: String) {
        self.kind = kind
        self.ref = ref
    }

    /// The kinds a link may have.
    public static let kinds = ["pr", "issue", "commit"]

    /// How views print it: `#95` for a PR or an issue, the first 7 characters of a commit.
    public var label: String {
        kind == "commit" ? String(ref.prefix(7)) : "#" + ref
    }
}

extension TeamTask {
    /// The pull requests this task is linked to, as numbers.
    public var linkedPullRequests: [Int] {
        links.filter { $0.kind == "pr" }.compactMap { Int($0.ref) }
    }
}

extension TeamState {
    /// The address of PR `number` when a review of it knows one.
    public func pullRequestURL(_ number: Int) -> String? {
        review(pr: number)?.url
    }
}
