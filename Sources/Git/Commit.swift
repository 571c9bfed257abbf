/// A commit, copied out of libgit2 into plain values.
public struct Commit: Sendable, Equatable {
    /// The commit's own id.
    public var id: ObjectID
    /// The root tree.
    public var tree: ObjectID
    /// Parent commits, first parent first.
    public var parents: [ObjectID]
    /// Who wrote the change.
    public var author: Signature
    /// Who recorded it.
    public var committer: Signature
    /// The full message (without leading blank lines, as git shows it).
    public var message: String

    /// Creates a commit value.
    public init(
        id: ObjectID, tree: ObjectID, parents: [ObjectID],
        author: Signature, committer: Signature, message: String
    ) {
        self.id = id
        self.tree = tree
        self.parents = parents
        self.author = author
        self.committer = committer
        self.message = message
    }
}
