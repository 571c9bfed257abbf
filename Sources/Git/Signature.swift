internal import CGit2

/// Who did something and when: the author or committer line of a commit.
public struct Signature: Sendable, Equatable {
    /// The person's name (no `<`, `>` or newlines).
    public var name: String
    /// The e-mail address (no `<`, `>` or newlines).
    public var email: String
    /// Seconds since the Unix epoch.
    public var time: Int64
    /// The time zone offset from UTC in minutes (e.g. +120 for CEST).
    public var offsetMinutes: Int

    /// Creates a signature.
    public init(name: String, email: String, time: Int64, offsetMinutes: Int = 0) {
        self.name = name
        self.email = email
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// Copies a libgit2 signature into Swift values.
    init(_ signature: UnsafePointer<git_signature>) {
        name = string(signature.pointee.name) ?? ""
        email = string(signature.pointee.email) ?? ""
        time = signature.pointee.when.time
        offsetMinutes = Int(signature.pointee.when.offset)
    }

    /// Calls `body` with a temporary libgit2 signature; libgit2 validates name and email.
    func withSignature<R>(_ body: (UnsafePointer<git_signature>) throws -> R) throws -> R {
        guard let offset = Int32(exactly: offsetMinutes), abs(offset) < 24 * 60 else {
            throw GitError.invalid("signature offset \(offsetMinutes) minutes is out of range")
        }
        var pointer: UnsafeMutablePointer<git_signature>?
        try check(git_signature_new(&pointer, name, email, time, offset))
        guard let signature = pointer else { throw GitError.invalid("libgit2 returned no signature") }
        defer { git_signature_free(signature) }
        return try body(signature)
    }
}
