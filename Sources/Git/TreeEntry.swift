internal import CGit2

/// What a tree entry points at, i.e. its git file mode.
public enum TreeEntryKind: Sendable, Equatable {
    /// A regular file (mode 100644).
    case blob
    /// An executable file (mode 100755).
    case executable
    /// A subdirectory (mode 040000).
    case tree
    /// A symbolic link whose target is the blob's content (mode 120000).
    case link
    /// A submodule commit (gitlink, mode 160000).
    case commit

    var fileMode: git_filemode_t {
        switch self {
        case .blob: return GIT_FILEMODE_BLOB
        case .executable: return GIT_FILEMODE_BLOB_EXECUTABLE
        case .tree: return GIT_FILEMODE_TREE
        case .link: return GIT_FILEMODE_LINK
        case .commit: return GIT_FILEMODE_COMMIT
        }
    }

    /// Maps a mode read from a tree; old group-writable blobs (100664) count as `.blob`.
    init?(fileMode: git_filemode_t) {
        switch fileMode {
        case GIT_FILEMODE_BLOB: self = .blob
        case git_filemode_t(0o100664): self = .blob
        case GIT_FILEMODE_BLOB_EXECUTABLE: self = .executable
        case GIT_FILEMODE_TREE: self = .tree
        case GIT_FILEMODE_LINK: self = .link
        case GIT_FILEMODE_COMMIT: self = .commit
        default: return nil
        }
    }
}

/// One named entry of a git tree.
public struct TreeEntry: Sendable, Equatable {
    /// The file or directory name (a single path component).
    public var name: String
    /// The object the entry points at.
    public var id: ObjectID
    /// The entry's mode.
    public var kind: TreeEntryKind

    /// Creates an entry.
    public init(name: String, id: ObjectID, kind: TreeEntryKind) {
        self.name = name
        self.id = id
        self.kind = kind
    }
}
