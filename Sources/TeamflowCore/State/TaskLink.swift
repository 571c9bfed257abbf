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

/// A link as views show it: its label (`#95`) and the PR's address when a review of it knows one.
public struct TaskLinkView: Sendable, Equatable {
    public var link: TaskLink
    public var url: String?

    public init(link: TaskLink, url: String?) {
        self.link = link
        self.url = url
    }
}

extension TeamState {
    /// The address of PR `number` when a review of it knows one.
    public func pullRequestURL(_ number: Int) -> String? {
        review(pr: number)?.url
    }

    /// A task's links with what views need to print them.
    public func linkViews(of task: TeamTask) -> [TaskLinkView] {
        task.links.map { link in
            TaskLinkView(link: link, url: link.kind == "pr" ? Int(link.ref).flatMap(pullRequestURL).flatMap(Self.webAddress) : nil)
        }
    }

    /// `url` when it is a plain http(s) address every view can link safely (no spaces, quotes,
    /// brackets or parentheses that would end an HTML attribute or a Markdown link).
    static func webAddress(_ url: String) -> String? {
        guard url.hasPrefix("https://") || url.hasPrefix("http://"),
              url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7f && !"\"'<>()[]`\\".unicodeScalars.contains($0) })
        else { return nil }
        return url
    }
}
