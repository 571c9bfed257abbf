internal import Git
import TeamflowCore

extension Author {
    /// The author of new events: `--author`, else `TEAMFLOW_AUTHOR`, else git's
    /// `user.name`/`user.email`; nil when none is set (writes then fail with a hint).
    public static func resolve(flag: String?, environment: [String: String], store: GitEventStore?) throws -> Author? {
        try resolve(flag: flag, environment: environment, repository: store?.repository)
    }

    static func resolve(flag: String?, environment: [String: String], repository: Repository?) throws -> Author? {
        if let flag {
            guard let author = Author(parsing: flag) else {
                throw TeamflowError(.usage, "invalid --author '\(flag)'", hints: ["Write it as --author \"Name <email>\"."])
            }
            return author
        }
        if let value = environment["TEAMFLOW_AUTHOR"], !value.isEmpty {
            guard let author = Author(parsing: value) else {
                throw TeamflowError(.failure, "TEAMFLOW_AUTHOR is '\(value)', not \"Name <email>\"",
                                    hints: ["export TEAMFLOW_AUTHOR=\"Name <email>\""])
            }
            return author
        }
        guard let repository,
              let name = try? repository.config("user.name"), !name.isEmpty,
              let email = try? repository.config("user.email"), !email.isEmpty else { return nil }
        return Author(name: name, email: email)
    }
}
