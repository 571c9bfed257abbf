import Foundation
import TeamflowTestSupport
import XCTest

/// Every view of a week says the same: for random histories (adds, checks, starts, carries,
/// recurring goals, sprints, removals, undo) recorded with the real binary, the goals, each
/// member's progress and task lines in `week W --json`, in the wiki's week page (parsed as
/// CommonMark by markdown-it-py) and in the site's week page (parsed by html5lib) are the
/// same. The pages are read as a reader would, not compared with templates.
final class ViewsAgreePropertyTests: XCTestCase {
    /// One week as a view shows it: goals and sprint goals as (title, done), members as
    /// (name, done, total, lines as (title, done)), unassigned lines.
    struct WeekView: Equatable, CustomStringConvertible {
        var goals: [Item] = []
        var sprintGoals: [Item] = []
        var members: [Member] = []
        var unassigned: [Item] = []

        struct Item: Equatable { var title: String; var done: Bool }
        struct Member: Equatable { var name: String; var done: Int; var total: Int; var lines: [Item] }

        var description: String {
            func items(_ list: [Item]) -> String { list.map { "\($0.done ? "x" : " ") \($0.title)" }.joined(separator: "; ") }
            return "goals [\(items(goals))] sprint [\(items(sprintGoals))] "
                + members.map { "\($0.name) \($0.done)/\($0.total) [\(items($0.lines))]" }.joined(separator: " ")
                + " unassigned [\(items(unassigned))]"
        }
    }

    static let weeks = ["2024-W47", "2024-W48", "2024-W49"]
    static let members = ["건우", "석영", "지혜"]

    func testTerminalWikiAndSiteShowTheSameWeeks() throws {
        guard Python.has("markdown_it"), Python.has("html5lib") else {
            throw RequiredTool.missing("markdown-it-py and html5lib are needed (scripts/bootstrap.sh installs them)")
        }
        var carriedSeen = false
        for seed in UInt64(1)...4 {
            let team = try Workspace()
            try record(seed: seed, in: team)
            let now = ["TEAMFLOW_NOW": "2024-12-05T18:00:00+09:00", "TZ": "Asia/Seoul"]
            XCTAssertEqual(try CLI.run(["wiki", "export", "--out", "wiki"], in: team.path, environment: now).code, 0)
            XCTAssertEqual(try CLI.run(["site", "--out", "site"], in: team.path, environment: now).code, 0)
            let wiki = try Python.json(Self.wikiReader, team.path + "/wiki")
            let site = try Python.json(Self.siteReader, team.path + "/site")
            for week in Self.weeks {
                let json = try CLI.run(["week", week, "--json"], in: team.path, environment: now)
                XCTAssertEqual(json.code, 0, json.stderr)
                let terminal = try Self.terminalView(json.stdout)
                carriedSeen = carriedSeen || json.stdout.contains("\"carriedTo\" : \"")
                    || json.stdout.contains("\"carriedTo\":\"") || json.stdout.contains("\"carriedTo\": \"")
                let wikiView = Self.view(wiki["Week-\(week).md"]), siteView = Self.view(site["week-\(week).html"])
                // The wiki has a page for every week with something recorded in it; a week
                // holding only a recurring goal's virtual instance has none (the site shows
                // every week up to today, so it is compared always).
                if wiki["Week-\(week).md"] != nil || !terminal.members.isEmpty || !terminal.unassigned.isEmpty {
                    XCTAssertEqual(wikiView, terminal, "seed \(seed) \(week): wiki\n\(wikiView)\nterminal\n\(terminal)")
                }
                XCTAssertEqual(siteView, terminal, "seed \(seed) \(week): site\n\(siteView)\nterminal\n\(terminal)")
                // The comparison is able to fail: a view that dropped carried-away lines differs.
                if let dropped = Self.droppingCarried(terminal, json: json.stdout) {
                    XCTAssertNotEqual(dropped, terminal, "a view without its carried lines must not pass")
                }
            }
        }
        XCTAssertTrue(carriedSeen, "the histories carry tasks, so the agreement covers carries")
    }

    // MARK: Recording a random history

    private func record(seed: UInt64, in team: Workspace) throws {
        var random = SplitMix64(seed: seed)
        var tasks: [String] = [], goals: [String] = []
        func run(_ arguments: [String], day: Int) throws -> CLI.Result {
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Self.firstMonday) ?? Self.firstMonday
            let stamp = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(secondsFromGMT: 9 * 3600) ?? .current,
                                                    formatOptions: [.withInternetDateTime])
            return try CLI.run(arguments + ["--json"], in: team.path, environment: ["TEAMFLOW_NOW": stamp, "TZ": "Asia/Seoul"])
        }
        for name in Self.members { XCTAssertEqual(try run(["member", "add", name], day: 0).code, 0) }
        XCTAssertEqual(try run(["sprint", "add", "Sprint \(seed)", "--from", "2024-11-25", "--to", "2024-12-06"], day: 0).code, 0)
        if seed % 2 == 1 { XCTAssertEqual(try run(["goal", "add", "매주 회고", "--every", "week"], day: 0).code, 0) }
        for step in 0..<28 {
            let day = step * 14 / 28 + (step % 3 == 0 ? 0 : 1)
            let week = Self.weeks[min(day / 7, 2)]
            switch random.below(10) {
            case 0, 1, 2:
                var arguments = ["task", "add", "작업 \(step)", "--week", week]
                if random.below(3) > 0 { arguments += ["--member", Self.members[random.below(Self.members.count)]] }
                if random.below(4) == 0, let parent = tasks.last { arguments += ["--parent", parent] }
                if random.below(3) == 0 { arguments += ["--due", "2024-11-2\(random.below(9) + 1)"] }
                let result = try run(arguments, day: day)
                if result.code == 0 { tasks.append(team.id(from: result)) }
            case 3:
                let result = try run(["goal", "add", "목표 \(step)", "--week", week], day: day)
                if result.code == 0 { goals.append(team.id(from: result)) }
            case 4, 5:
                if !tasks.isEmpty { _ = try run(["task", "check", tasks[random.below(tasks.count)]], day: day) }
            case 6:
                if !tasks.isEmpty { _ = try run(["task", "start", tasks[random.below(tasks.count)]], day: day) }
            case 7:
                if !goals.isEmpty { _ = try run(["goal", "check", goals[random.below(goals.count)]], day: day) }
            case 8:
                _ = try run(["week", "carry", "--to", Self.weeks[1 + random.below(2)]], day: day)
            default:
                if random.below(2) == 0, !tasks.isEmpty {
                    _ = try run(["task", "remove", tasks[random.below(tasks.count)]], day: day)
                } else {
                    _ = try run(["undo"], day: day)
                }
            }
        }
        // At least one carry in every history, with work left to carry.
        _ = try run(["task", "add", "넘길 일", "--week", "2024-W47", "--member", Self.members[0]], day: 1)
        _ = try run(["week", "carry", "--from", "2024-W47", "--to", "2024-W48"], day: 7)
    }

    static let firstMonday: Date = ISO8601DateFormatter().date(from: "2024-11-18T10:00:00+09:00") ?? Date(timeIntervalSince1970: 0)

    // MARK: The terminal's view: `week --json`

    static func terminalView(_ text: String) throws -> WeekView {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var view = WeekView()
        for goal in object["goals"] as? [[String: Any]] ?? [] {
            let item = WeekView.Item(title: goal["title"] as? String ?? "", done: goal["done"] as? Bool ?? false)
            // The board lists the week's own goals, then the sprint's (each carries its sprint).
            if goal["sprint"] is String {
                view.sprintGoals.append(item)
            } else {
                view.goals.append(item)
            }
        }
        func lines(_ tasks: [[String: Any]]) -> [WeekView.Item] {
            tasks.flatMap { task -> [WeekView.Item] in
                let carriedAway = task["carriedTo"] is String
                return [WeekView.Item(title: task["title"] as? String ?? "", done: (task["done"] as? Bool ?? false) && !carriedAway)]
                    + lines(task["subtasks"] as? [[String: Any]] ?? [])
            }
        }
        for member in object["members"] as? [[String: Any]] ?? [] {
            let all = lines(member["tasks"] as? [[String: Any]] ?? [])
            view.members.append(.init(name: member["name"] as? String ?? "", done: all.filter(\.done).count, total: all.count, lines: all))
        }
        view.unassigned = lines(object["unassigned"] as? [[String: Any]] ?? [])
        return view
    }

    /// The terminal's view with the lines a carry left behind taken out (what the site did).
    static func droppingCarried(_ view: WeekView, json: String) -> WeekView? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return nil }
        var carried = Set<String>()
        func walk(_ tasks: [[String: Any]]) {
            for task in tasks {
                if task["carriedTo"] is String, let title = task["title"] as? String { carried.insert(title) }
                walk(task["subtasks"] as? [[String: Any]] ?? [])
            }
        }
        for member in object["members"] as? [[String: Any]] ?? [] { walk(member["tasks"] as? [[String: Any]] ?? []) }
        guard !carried.isEmpty else { return nil }
        var out = view
        for index in out.members.indices {
            out.members[index].lines.removeAll { carried.contains($0.title) }
            out.members[index].total = out.members[index].lines.count
            out.members[index].done = out.members[index].lines.filter(\.done).count
        }
        return out
    }

    // MARK: The pages' views, read by independent parsers

    static func view(_ page: Any?) -> WeekView {
        guard let page = page as? [String: Any] else { return WeekView() }
        func items(_ list: Any?) -> [WeekView.Item] {
            (list as? [[Any]] ?? []).map { WeekView.Item(title: $0.first as? String ?? "", done: $0.last as? Bool ?? false) }
        }
        var view = WeekView(goals: items(page["goals"]), sprintGoals: items(page["sprintGoals"]), unassigned: items(page["unassigned"]))
        for member in page["members"] as? [[Any]] ?? [] where member.count == 4 {
            view.members.append(.init(name: member[0] as? String ?? "", done: member[1] as? Int ?? -1, total: member[2] as? Int ?? -1,
                                      lines: items(member[3])))
        }
        return view
    }

    /// Reads each `Week-*.md`: the goals and sprint-goal lists, each member's heading
    /// `name (done/total)` and its list items `[x] title (marks)` (sub-items included).
    static let wikiReader = #"""
    import json, os, re, sys
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark")
    folder = sys.argv[1]
    out = {}
    def item_text(tokens, i):
        # the inline token of a list item's paragraph
        while tokens[i].type != "inline": i += 1
        text = "".join(c.content for c in tokens[i].children if c.type in ("text", "code_inline"))
        done = text.startswith("[x] ")
        title = text[4:]
        title = re.sub(r" \((in progress|carried [→←] [^)]*|Due [^)]*)\)", "", title)
        return [title, done]
    for name in os.listdir(folder):
        if not name.startswith("Week-"): continue
        tokens = md.parse(open(os.path.join(folder, name), encoding="utf-8").read())
        page = {"goals": [], "sprintGoals": [], "members": [], "unassigned": []}
        section, member = None, None
        for i, t in enumerate(tokens):
            if t.type == "heading_open":
                heading = tokens[i + 1].content
                if t.tag == "h2":
                    member = None
                    section = "goals" if heading.startswith("Goals") else "sprintGoals" if heading.startswith("Sprint goals") else "members" if heading.startswith("Tasks by member") else None
                elif t.tag == "h3" and section == "members":
                    m = re.match(r"(.*) \((\d+)/(\d+)\)$", heading)
                    if heading.startswith("Unassigned"):
                        member = "unassigned"
                    elif m:
                        member = [m.group(1), int(m.group(2)), int(m.group(3)), []]
                        page["members"].append(member)
            if t.type == "list_item_open":
                if section in ("goals", "sprintGoals"):
                    page[section].append(item_text(tokens, i))
                elif section == "members" and member == "unassigned":
                    page["unassigned"].append(item_text(tokens, i))
                elif section == "members" and member:
                    member[3].append(item_text(tokens, i))
        out[name] = page
    print(json.dumps(out, ensure_ascii=False))
    """#

    /// Reads each `week-*.html`: the goals and sprint sections' checklists, each member's
    /// article (heading, the progress count `done/total`, the checklist items, nested too).
    static let siteReader = #"""
    import json, os, re, sys
    import html5lib
    NS = "{http://www.w3.org/1999/xhtml}"
    folder = sys.argv[1]
    out = {}
    def items(ul):
        result = []
        if ul is None: return result
        for li in ul.findall(NS + "li"):
            box = li.find(NS + "input")
            code = li.find(NS + "code")
            title = (code.tail if code is not None else "").strip()
            result.append([title, box is not None and box.get("checked") is not None])
            for inner in li.findall(NS + "ul"):
                result += items(inner)
        return result
    for name in os.listdir(folder):
        if not name.startswith("week-"): continue
        doc = html5lib.parse(open(os.path.join(folder, name), encoding="utf-8").read())
        page = {"goals": [], "sprintGoals": [], "members": [], "unassigned": []}
        for section in doc.iter(NS + "section"):
            cls = section.get("class", "")
            if cls == "goals":
                page["goals"] = items(section.find(NS + "ul"))
            elif cls == "sprint":
                page["sprintGoals"] = items(section.find(NS + "ul"))
            elif cls == "members":
                for article in section.findall(NS + "article"):
                    heading = "".join(article.find(NS + "h3").itertext()).strip()
                    count = article.find(".//" + NS + "span[@class='count']")
                    m = re.match(r"(\d+)/(\d+)", "".join(count.itertext()) if count is not None else "")
                    lines = items(article.find(NS + "ul"))
                    if heading == "Unassigned":
                        page["unassigned"] = lines
                    else:
                        page["members"].append([heading, int(m.group(1)) if m else -1, int(m.group(2)) if m else -1, lines])
        out[name] = page
    print(json.dumps(out, ensure_ascii=False))
    """#
}

/// The Python readers the agreement test uses.
enum Python {
    static func has(_ module: String) -> Bool {
        (try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import \(module)"], in: NSTemporaryDirectory()))?.code == 0
    }

    static func json(_ script: String, _ folder: String) throws -> [String: Any] {
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, folder], in: NSTemporaryDirectory())
        XCTAssertEqual(result.code, 0, result.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
}
