import JSONShapes
/// `teamflow --version` (and `--version --json`): the release number from the source and the
/// commit and date `scripts/build-info.sh` embedded at build time (`BuildInfo`, generated).
enum VersionText {
    /// `teamflow 0.5.0 (3f2a1bc, 2026-12-02)`, or `teamflow 0.5.0` when built without git
    /// history or an archive stamp.
    static var line: String {
        guard let commit = known(BuildInfo.commit) else { return "teamflow \(TeamflowCLI.version)" }
        let date = known(BuildInfo.date).map { ", " + $0 } ?? ""
        return "teamflow \(TeamflowCLI.version) (\(commit)\(date))"
    }

    /// The same as fields, plus the licence's SPDX id; an unknown commit, date or describe is
    /// null. Printed with `schema` first, the version of every `--json` shape this binary writes.
    static var json: JSON {
        .object([
            ("name", .string("teamflow")),
            ("version", .string(TeamflowCLI.version)),
            ("commit", .optional(known(BuildInfo.commit))),
            ("date", .optional(known(BuildInfo.date))),
            ("describe", .optional(known(BuildInfo.describe))),
            ("license", .string(TeamflowCLI.license)),
        ])
    }

    /// What `--version` prints, with its newline.
    static func text(json asJSON: Bool) -> String {
        (asJSON ? json.document.serialized() : line) + "\n"
    }

    private static func known(_ value: String) -> String? {
        value.isEmpty || value == "unknown" ? nil : value
    }
}
