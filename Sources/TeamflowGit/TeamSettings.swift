internal import Git
import TeamflowCore

/// What a team sets once in git config instead of on every command line: the keys under
/// `teamflow.` that name defaults (`teamflow.ref` and `teamflow.me` are read where they apply:
/// opening the store, resolving `me`). A flag or an environment variable still wins.
public struct TeamSettings: Sendable, Equatable {
    /// `teamflow.lang`: the words of `wiki export`, `wiki publish`, `site` and `serve` (`en`, `ko`).
    public var lang: String?
    /// `teamflow.zone`: the team's calendar zone when `TZ` is not set (any form `TZ` takes).
    public var zone: String?

    public init(lang: String? = nil, zone: String? = nil) {
        self.lang = lang
        self.zone = zone
    }

    /// The language `flag` gives, else `teamflow.lang`, else `en`, as one of `allowed`.
    /// Throws when the configured value is not one of them (naming the key, so it can be fixed).
    public func language(flag: String?, allowed: [String]) throws -> String {
        if let flag { return flag }
        guard let lang, !lang.isEmpty else { return "en" }
        let value = lang.trimmingSpaces.lowercased()
        guard allowed.contains(value) else {
            throw TeamflowError(.environment, "git config teamflow.lang is '\(lang)', not one of \(allowed.joined(separator: ", "))",
                                hints: ["Fix it with: git config teamflow.lang \(allowed.first ?? "en")"])
        }
        return value
    }
}

extension GitEventStore {
    /// The repository's `teamflow.*` defaults (local, global or system git config); a key that
    /// cannot be read counts as unset.
    public func settings() -> TeamSettings {
        TeamSettings(lang: try? repository.config("teamflow.lang"), zone: try? repository.config("teamflow.zone"))
    }
}
