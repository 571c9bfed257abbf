import Foundation

/// One fuzz target: a parser (with what it feeds) driven by arbitrary bytes.
///
/// A target must return normally for every input; a crash, a hang or a broken `require`
/// is a finding. Targets keep no state between inputs, so any input replays alone.
struct FuzzTarget: Sendable {
    /// The name used on the command line, in `TEAMFLOW_FUZZ_TARGET` and as the corpus folder.
    let name: String
    /// What the target drives, for `teamflow-fuzz list`.
    let summary: String
    let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `scripts/fuzz.sh` runs them.
    static let all: [FuzzTarget] = [
        YAMLTargets.yaml,
        YAMLTargets.decoder,
        EventTarget.event,
        MarkdownTargets.pullRequestBody,
        MarkdownTargets.weeklyPage,
        MarkdownTargets.githubJSON,
        TemplateTargets.template,
        TemplateTargets.templateData,
        GraphTarget.graph,
    ]

    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// Checks a property a target promises beyond "does not crash" (a round trip, two readers
/// agreeing). A broken property ends the process like a crash, so libFuzzer keeps the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("teamflow-fuzz: property broken: \(message())\n".utf8))
    abort()
}

/// Whether a tree has at most `limit` nodes (stops counting there). Targets skip extra work
/// on huge trees: alias bombs within the YAML bound expand to a million nodes.
func hasAtMost<Tree>(_ limit: Int, nodes root: Tree, children: (Tree) -> [Tree]) -> Bool {
    var budget = limit
    var pending = [root]
    while let tree = pending.popLast() {
        budget -= 1
        guard budget >= 0 else { return false }
        pending += children(tree)
    }
    return true
}

/// The bytes as text the way the tool reads files: lossless when they are UTF-8, with
/// U+FFFD for invalid sequences otherwise (so every input still reaches the parser).
func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}
