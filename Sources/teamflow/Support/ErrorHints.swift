import Insights
import TeamflowCore

/// The command line's own words for library failures: those marked with a `TeamflowError.Code`
/// (environment and output) and the domain's `TeamflowError.Reason`s.
///
/// The library says what went wrong and names no command or flag (a client program has no
/// `teamflow task list` and no `--title`); the command line, which has them, adds here the hints
/// that name its commands and options.
enum ErrorHints {
    /// The line printed after `error: `: the library's message, or for a failure that names
    /// request fields, the same sentence with the flags that set them.
    static func message(for error: TeamflowError) -> String {
        switch error.reason {
        case .contradicting(let a, let b): return "\(flag(a)) and \(flag(b)) contradict each other"
        case .carryBackwards(let from, let to): return "cannot carry from \(from) into \(to): --to must be a later week than --from"
        case .missing(.pr, _): return "missing --pr N"
        case .missing(let field, _): return "missing \(flag(field))"
        case .invalidValue(.weeks, _): return "--weeks must be between 1 and \(Insights.maxWeeks)"
        default: return error.message
        }
    }

    /// The lines printed after `error: <message>`.
    static func lines(for error: TeamflowError) -> [String] {
        switch error.code {
        case .notARepository:
            return ["Run `git init` first, or use -C DIR to act in another repository."]
        case .noAuthor:
            return [
                "Set one of:",
                "  --author \"Name <email>\"",
                "  export TEAMFLOW_AUTHOR=\"Name <email>\"",
                "  git config user.name \"Name\" && git config user.email \"you@example.com\"",
            ]
        case .outputFolderRefused:
            return ["Nothing was changed. Choose another folder with --out DIR."]
        case .outputInTheWay:
            return ["Nothing was changed. Move it away or choose another folder with --out DIR."]
        case nil:
            return error.reason.map { lines(for: $0, hints: error.hints) } ?? error.hints
        }
    }

    private static func lines(for reason: TeamflowError.Reason, hints: [String]) -> [String] {
        switch reason {
        case .notFound(let kind, _, _):
            return hints + ["See `\(listing(kind))` for names and ids."]
        case .idTooShort(let kind, _):
            return ["Type at least \(ShortID.minimumPrefix) characters of the id, as shown by `\(listing(kind))`."]
        case .invalidText(let field, let kind):
            return example(field, of: kind).map { ["Example: \($0)"] } ?? hints
        case .invalidValue(let field, _):
            return example(field, of: nil).map { ["Example: \($0)"] } ?? hints
        case .nothingToChange(let fields):
            return ["Give " + sentence(fields.map(flag)) + "."]
        case .contradicting:
            return ["Give one of them."]
        case .duplicate(let kind, _):
            return ["Pick another name\(kind == .member ? " or handle" : ""); see `\(listing(kind))`."]
        case .alreadyRemoved:
            return ["Nothing was changed. `teamflow undo` brings back what you removed last."]
        case .alreadyUndone:
            return ["Nothing was changed. `teamflow log` shows the history."]
        case .nothingToUndo:
            return ["`teamflow log` shows the history; `teamflow undo ID` undoes any event."]
        case .carry, .carryBackwards:
            return hints + ["Example: teamflow week carry --from 2024-W47 --to 2024-W48"]
        case .missing(.pr, _):
            return ["Example: teamflow review add --pr 95 --title \"방 생성\""]
        case .missing(.title, .review?):
            return ["Give --title T, or a --from-file whose first line is the title."]
        case .missing(let field, _):
            return ["Give \(flag(field))."]
        case .unknownNames(.member, let names):
            return names.map { "  teamflow member add \"\($0)\"" } + hints.filter { !$0.hasPrefix("Add them") }
        case .inUse:
            return hints.dropLast() + ["Move them elsewhere first, or pass --force to detach them."]
        case .meNotLinked(let email):
            return ["Link yourself to a member: teamflow member edit NAME --email \(email ?? "YOUR_GIT_EMAIL")",
                    "or name your member in git config: git config teamflow.me HANDLE"]
        case .meAmbiguous:
            return hints.dropLast() + ["Clear the others: teamflow member edit NAME --email none"]
        case .syncAgain(let remote):
            return hints + ["Run `teamflow sync \(remote)` again\(hints.count > 1 ? "" : " once the remote is reachable")."]
        case .unrelatedHistories(let remote):
            return ["Nothing was changed or pushed.",
                    "To keep the events of both histories, merge them: teamflow sync --allow-unrelated \(remote)"]
        case .damagedHistory:
            return hints + ["Run `teamflow doctor` to inspect the history."]
        case .ambiguous, .emptyName, .unknownNames:
            return hints
        }
    }

    /// The command that lists things of `kind` with their ids.
    static func listing(_ kind: EntityKind) -> String {
        switch kind {
        case .event: return "teamflow log"
        case .recurringGoal: return "teamflow week"
        case .wikiPage: return "teamflow wiki list"
        case .task, .goal, .epic, .project, .sprint, .member, .review: return "teamflow \(kind.rawValue) list"
        }
    }

    /// The option that sets `field` (`--pr N`: a number follows).
    static func flag(_ field: RequestField) -> String {
        switch field {
        case .noSprint: return "--no-sprint"
        default: return "--" + field.rawValue
        }
    }

    /// A command line that gives `field` (of a `kind`) a good value.
    static func example(_ field: RequestField, of kind: EntityKind?) -> String? {
        switch (field, kind) {
        case (.title, .task?): return "teamflow task add \"로그인 API 연결\" --member 민수"
        case (.title, .goal?): return "teamflow goal add \"배포 꼭 하기\""
        case (.title, .epic?): return "teamflow epic add \"로그인 화면\" --project 앱"
        case (.title, .review?): return "teamflow review add --pr 95 --title \"방 생성\""
        case (.title, .wikiPage?): return "teamflow wiki save \"개발 일지\" --file notes.md"
        case (.title, .recurringGoal?), (.every, _), (.until, .recurringGoal?):
            return "teamflow goal add \"PR 리뷰 24시간 안에\" --every week --until 2024-W52"
        case (.name, .member?): return "teamflow member add 김민수 --handle minsu"
        case (.name, .sprint?): return "teamflow sprint add \"Sprint 12\" --from 2024-11-18 --to 2024-11-29"
        case (.name, .project?): return "teamflow project add 앱 --due 2024-12-20"
        case (.text, .review?): return "teamflow review comment 95 \"고생하셨습니다\""
        case (.text, _): return "teamflow retro add \"PR을 작게 나누자\" --kind try"
        case (.body, _): return "echo \"Step.1 방 생성\" | teamflow wiki append \"개발 일지\""
        case (.email, _): return "--email geonwoo@example.com"
        case (.handle, _): return "--handle minsu (one word)"
        case (.pr, _): return "--pr 95"
        case (.from, _), (.to, _): return "--from 2024-11-18 --to 2024-11-29"
        case (.until, _): return "--until 2024-W52 (a week from the first one on)"
        case (.weeks, _): return "--weeks 8"
        case (.since, _): return "--since v1.2 (a commit, tag or branch, as for git log REV..HEAD)"
        case (.state, _): return "--state open (or all)"
        case (.rate, _): return "--rate-limit 1000/s (0: no limit)"
        default: return nil
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func sentence(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

