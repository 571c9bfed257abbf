import Foundation
import XCTest
import TeamflowTestSupport
import Importers
@testable import TeamflowCore

/// Every use case writes the events it wrote before typed events, key for key and in the same
/// order (the ids, seeded by the summaries, come out the same too). The golden text was
/// recorded by running this scenario against the string-keyed use cases.
final class UseCaseEventsGoldenTests: XCTestCase {
    func testTheUseCasesWriteTheSameEventsAsBefore() throws {
        let f = Fixture()
        let members = f.members, projects = f.projects, epics = f.epics, tasks = f.tasks, goals = f.goals
        let reviews = ReviewUseCases(repository: f.repository, session: f.session)
        let wiki = WikiUseCases(repository: f.repository, session: f.session)
        let retro = RetroUseCases(repository: f.repository, session: f.session)
        try members.add(name: "민수", handle: "@minsu", email: " m@x ")
        try members.add(name: "지우")
        try members.rename("지우", to: "Jiwoo", handle: "jw")
        try projects.add(name: "앱", due: "2024-12-06", description: " 출시 ")
        try projects.add(name: "웹")
        try projects.edit("웹", name: "Web", due: "none", description: "")
        try projects.edit("Web", due: "2025-01-10", description: "d")
        try projects.move("앱", to: "doing")
        try epics.add(title: "로그인", project: "앱")
        try epics.add(title: "결제")
        try epics.edit("결제", title: "Pay", project: "앱")
        try epics.edit("Pay", project: "none")
        try epics.move("Pay", to: "done")
        let sprint = try f.sprints.add(name: "S12", from: "2024-11-18", to: "2024-11-29")
        let parent = try tasks.add(title: "API", .init(member: "minsu", epic: "로그인", due: "2024-11-22", sprint: "S12"))
        try tasks.add(title: "sub", .init(parent: parent.id.rawValue))
        let other = try tasks.add(title: "other", .init(week: "2024-W48"))
        try tasks.edit(other.id.rawValue, .init(title: "Other", week: "2024-W47", due: "2024-11-20", epic: "Pay", parent: parent.id.rawValue))
        try tasks.edit("Other", .init(due: "none", epic: "-", parent: "none"))
        try tasks.assign("Other", to: "Jiwoo")
        try tasks.start("Other")
        try tasks.check("Other")
        try tasks.uncheck("Other")
        let goal = try goals.add(title: "배포", sprint: sprint.name)
        try goals.add(title: "문서", week: "2024-W48")
        try goals.edit(goal.id.rawValue, title: "배포!", week: "2024-W47")
        try goals.check(goal.id.rawValue)
        try goals.uncheck(goal.id.rawValue)
        try reviews.add(.init(pr: 95, title: "방 생성", by: " kim ", url: "https://x/95", branch: "feat", openedAt: "2024-11-18T09:00:00Z",
                              sections: [ReviewSection(kind: "work", heading: "## 작업", body: "b")],
                              comments: [.init(author: "lee", text: "lgtm", at: "2024-11-19T01:00:00Z", state: "approved"),
                                         .init(author: "park", text: "hm", at: nil)]))
        try reviews.add(.init(pr: 96, title: "plain"))
        try reviews.comment(pr: "95", text: " 좋아요 ", by: "lee")
        try reviews.comment(pr: "#96", text: "x")
        try reviews.edit(pr: "95", title: "방", by: "kim2", sections: [])
        try retro.add(text: "작게", kind: "TRY")
        try retro.add(text: "keep it", week: "2024-W48")
        try wiki.save(title: "개발 일지", body: "본문")
        try wiki.append(title: "개발 일지", text: " step ", date: "2024-11-18", by: "Seok")
        try wiki.append(title: "개발 일지", text: "two")
        _ = try WeeklyImportUseCase(repository: f.repository, session: f.session)
            .run(text: "# 2024-W47\n\n## 목표\n- 배포 ✅\n- 문서\n\n## 민수\n- [x] 일 하나\n- [ ] 일 둘\n")
        try tasks.remove(parent.id.rawValue)
        try projects.remove("앱", force: true)
        try epics.remove("Pay")
        try goals.remove(goal.id.rawValue)
        for id in try f.repository.events().suffix(40).map(\.id) {
            _ = try? f.undo.undo(id)
        }
        // The envelope (`batch`, `undoes`) moved out of `data`; rendered after it, where the
        // golden text (written when it was inside) has it, so the comparison still holds.
        let text = try f.repository.events().map { event -> String in
            var fields = event.data
            if let batch = event.batch { fields["batch"] = .string(batch) }
            if let undoes = event.undoes { fields["undoes"] = .string(undoes) }
            return "\(event.clock) \(event.id) \(event.type) \(Self.render(.map(fields)))"
        }
            .joined(separator: "\n")
        XCTAssertEqual(text, Self.golden, "\n" + text)
    }

    static func render(_ value: Value) -> String {
        switch value {
        case .string(let s): return "\"\(s)\""
        case .int(let i): return "\(i)"
        case .bool(let b): return "\(b)"
        case .null: return "null"
        case .list(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
        case .map(let fields): return "{" + fields.map { "\($0.key): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    static let golden = """
    1 2b72bd7238cb854d595003cf member.added {name: "민수", handle: "minsu", email: "m@x"}
    2 434f9e39320636311845eba0 member.added {name: "지우"}
    3 458be4248fecf895264e44d1 member.renamed {member: "434f9e39320636311845eba0", name: "Jiwoo", handle: "jw"}
    4 ddd17a864eb341b6cd97e757 project.added {name: "앱", due: "2024-12-06", description: "출시"}
    5 769dcd948f06f8c96d4b56d9 project.added {name: "웹"}
    6 8491609e2ecc90aceb88e196 project.edited {project: "769dcd948f06f8c96d4b56d9", name: "Web", due: null, description: null}
    7 8a4b5e62873d34bbaa65b0a0 project.edited {project: "769dcd948f06f8c96d4b56d9", due: "2025-01-10", description: "d"}
    8 a7a1c7a0785d1463d96ccd54 project.moved {project: "ddd17a864eb341b6cd97e757", status: "doing"}
    9 ece178cb46f768b113f2af31 epic.added {title: "로그인", project: "ddd17a864eb341b6cd97e757"}
    10 47280538a77b68cd7d75716d epic.added {title: "결제"}
    11 5a7deeceaecba8f6b8ad1b54 epic.edited {epic: "47280538a77b68cd7d75716d", title: "Pay", project: "ddd17a864eb341b6cd97e757"}
    12 475a1d1ec54c811f8f94a498 epic.edited {epic: "47280538a77b68cd7d75716d", project: null}
    13 7ce4bc81944a15fe6d617a2d epic.moved {epic: "47280538a77b68cd7d75716d", status: "done"}
    14 450e2b615af0790173c5701f sprint.added {name: "S12", from: "2024-11-18", to: "2024-11-29"}
    15 d2845b6d95391d5a89049543 task.added {title: "API", week: "2024-W47", member: "2b72bd7238cb854d595003cf", epic: "ece178cb46f768b113f2af31", due: "2024-11-22", sprint: "450e2b615af0790173c5701f"}
    16 487cb1e0c9024f3549ce6969 task.added {title: "sub", week: "2024-W47", member: "2b72bd7238cb854d595003cf", epic: "ece178cb46f768b113f2af31", parent: "d2845b6d95391d5a89049543"}
    17 4474407228431b9971e86b7e task.added {title: "other", week: "2024-W48"}
    18 00df00e67cb0c62119ca2269 task.edited {task: "4474407228431b9971e86b7e", title: "Other", week: "2024-W47", due: "2024-11-20", epic: "47280538a77b68cd7d75716d", parent: "d2845b6d95391d5a89049543"}
    19 3a494e6f0eac013036959d45 task.edited {task: "4474407228431b9971e86b7e", due: null, epic: null, parent: null}
    20 317c33bd0fb0a99f68a21e47 task.assigned {task: "4474407228431b9971e86b7e", member: "434f9e39320636311845eba0"}
    21 161190892b0a77b586a376df task.started {task: "4474407228431b9971e86b7e"}
    22 1b36954123e6cb3af863a066 task.checked {task: "4474407228431b9971e86b7e"}
    23 f4fc350c819393a393dd3884 task.unchecked {task: "4474407228431b9971e86b7e"}
    24 df263b69a6f96815c80ace91 goal.added {title: "배포", week: "2024-W47", sprint: "450e2b615af0790173c5701f"}
    25 3f0b488e5f71e223a4d3f3de goal.added {title: "문서", week: "2024-W48"}
    26 d216ebab289bec428156a744 goal.edited {goal: "df263b69a6f96815c80ace91", title: "배포!", week: "2024-W47"}
    27 4706f7f6f0a8ec0b98286e38 goal.checked {goal: "df263b69a6f96815c80ace91"}
    28 1b944227bf23accc9a8e71e7 goal.unchecked {goal: "df263b69a6f96815c80ace91"}
    29 4a7b08edbcfddee170db5052 review.added {pr: 95, title: "방 생성", week: "2024-W47", by: "kim", url: "https://x/95", branch: "feat", opened: "2024-11-18T09:00:00Z", sections: [{kind: "work", heading: "## 작업", body: "b"}], comments: [{by: "lee", text: "lgtm", posted: "2024-11-19T01:00:00Z", state: "approved"}, {by: "park", text: "hm"}]}
    30 89e56d4181e9561d82fd1458 review.added {pr: 96, title: "plain", week: "2024-W47", sections: []}
    31 0b890d2b49781cdc8e8f96fb review.commented {review: "4a7b08edbcfddee170db5052", text: "좋아요", by: "lee"}
    32 64201f11bf89732e11511c1a review.commented {review: "89e56d4181e9561d82fd1458", text: "x"}
    33 5737e1edc422c5fbedde9533 review.edited {review: "4a7b08edbcfddee170db5052", title: "방", by: "kim2", sections: []}
    34 82f82a3c71f2061b702b0c5a retro.added {text: "작게", kind: "try", week: "2024-W47"}
    35 5e5f1f282d9c741d8c266094 retro.added {text: "keep it", kind: "keep", week: "2024-W48"}
    36 7c59dcecb913013becf89481 wiki.saved {title: "개발 일지", body: "본문"}
    37 7d3598587aecdbc8fcfad950 wiki.appended {title: "개발 일지", text: "step", date: "2024-11-18", by: "Seok"}
    38 4f8ab0028e3d4a75b30707d7 wiki.appended {title: "개발 일지", text: "two", date: "2024-11-19"}
    39 76bf46be251dfc2735ff79e4 goal.added {title: "배포", week: "2024-W47", done: true, batch: "7232d9819807355739239b81"}
    40 2f46727203e9674ffa6b5834 goal.added {title: "문서", week: "2024-W47", batch: "7232d9819807355739239b81"}
    41 b79cd3db664d4e07836a19c6 task.added {title: "일 하나", week: "2024-W47", member: "2b72bd7238cb854d595003cf", done: true, batch: "7232d9819807355739239b81"}
    42 d28900192ed9d8674c386efe task.added {title: "일 둘", week: "2024-W47", member: "2b72bd7238cb854d595003cf", batch: "7232d9819807355739239b81"}
    43 f6e492abc27e604a4200d881 task.removed {task: "d2845b6d95391d5a89049543", subtasks: ["487cb1e0c9024f3549ce6969"]}
    44 d2a0dd961d797cff349c7296 project.removed {project: "ddd17a864eb341b6cd97e757", detached: ["ece178cb46f768b113f2af31"]}
    45 403c5e818f05018ee8bb2d06 epic.removed {epic: "47280538a77b68cd7d75716d"}
    46 09d7a4a47deae2bb9526d55a goal.removed {goal: "df263b69a6f96815c80ace91"}
    47 dcfc3a30b3a8e3fec86f28f3 project.edited {project: "769dcd948f06f8c96d4b56d9", due: null, description: null, undoes: "8a4b5e62873d34bbaa65b0a0"}
    48 176731a7d96d845e9680d85e project.moved {project: "ddd17a864eb341b6cd97e757", status: "todo", undoes: "a7a1c7a0785d1463d96ccd54"}
    49 1aadc937df814016dd424364 epic.removed {epic: "ece178cb46f768b113f2af31", undoes: "ece178cb46f768b113f2af31"}
    50 172141de00a46baf534edab3 epic.removed {epic: "47280538a77b68cd7d75716d", undoes: "47280538a77b68cd7d75716d"}
    51 a4dfe576f7b984821b7c943e epic.edited {epic: "47280538a77b68cd7d75716d", title: "결제", project: null, undoes: "5a7deeceaecba8f6b8ad1b54"}
    52 b196ed06278a6e9d63c44d83 epic.edited {epic: "47280538a77b68cd7d75716d", project: "ddd17a864eb341b6cd97e757", undoes: "475a1d1ec54c811f8f94a498"}
    53 c6b65b96e37510909424d7f9 epic.moved {epic: "47280538a77b68cd7d75716d", status: "todo", undoes: "7ce4bc81944a15fe6d617a2d"}
    54 7216d3745e5fe63fc2993f0e sprint.removed {sprint: "450e2b615af0790173c5701f", undoes: "450e2b615af0790173c5701f"}
    55 f50fb699dada395a2bcb3400 task.removed {task: "d2845b6d95391d5a89049543", undoes: "d2845b6d95391d5a89049543"}
    56 0a982b1270a41a503f65b9a0 task.removed {task: "487cb1e0c9024f3549ce6969", undoes: "487cb1e0c9024f3549ce6969"}
    57 f04bfc2c0b639489cf8b5c50 task.removed {task: "4474407228431b9971e86b7e", undoes: "4474407228431b9971e86b7e"}
    58 79001fe6cee8dc3220ffe009 task.edited {task: "4474407228431b9971e86b7e", title: "other", week: "2024-W48", due: null, epic: null, parent: null, undoes: "00df00e67cb0c62119ca2269"}
    59 e5a14a6ede397fcb7d850ac7 task.edited {task: "4474407228431b9971e86b7e", due: "2024-11-20", epic: "47280538a77b68cd7d75716d", parent: "d2845b6d95391d5a89049543", undoes: "3a494e6f0eac013036959d45"}
    60 a090c1526e96921fedc60502 task.assigned {task: "4474407228431b9971e86b7e", member: null, undoes: "317c33bd0fb0a99f68a21e47"}
    61 6333dea94d1dde4fc3bfa3db task.unchecked {task: "4474407228431b9971e86b7e", undoes: "161190892b0a77b586a376df"}
    62 571a5afe374542298ec30c43 task.started {task: "4474407228431b9971e86b7e", undoes: "1b36954123e6cb3af863a066"}
    63 fbd21c69fb43ebafc7d652b1 task.checked {task: "4474407228431b9971e86b7e", undoes: "f4fc350c819393a393dd3884"}
    64 b09ce1c4379ee7a7abdc0f5c goal.removed {goal: "df263b69a6f96815c80ace91", undoes: "df263b69a6f96815c80ace91"}
    65 f47b123d58aae11474aa4a6c goal.removed {goal: "3f0b488e5f71e223a4d3f3de", undoes: "3f0b488e5f71e223a4d3f3de"}
    66 02ff38163cbb266db016e293 goal.edited {goal: "df263b69a6f96815c80ace91", title: "배포", week: "2024-W47", undoes: "d216ebab289bec428156a744"}
    67 3d1b17172f0660c5bb9fa81f goal.unchecked {goal: "df263b69a6f96815c80ace91", undoes: "4706f7f6f0a8ec0b98286e38"}
    68 d6464efbc4dca3c0a7209210 goal.checked {goal: "df263b69a6f96815c80ace91", undoes: "1b944227bf23accc9a8e71e7"}
    69 670575f1ac700c35b241c8e4 review.removed {review: "4a7b08edbcfddee170db5052", undoes: "4a7b08edbcfddee170db5052"}
    70 160dd1b2be67db1c4ff8554a review.removed {review: "89e56d4181e9561d82fd1458", undoes: "89e56d4181e9561d82fd1458"}
    71 5f861bb2dda1032a8e2b0ae7 retro.removed {retro: "82f82a3c71f2061b702b0c5a", undoes: "82f82a3c71f2061b702b0c5a"}
    72 4ad0bc3352f8f7ee60a96fc7 retro.removed {retro: "5e5f1f282d9c741d8c266094", undoes: "5e5f1f282d9c741d8c266094"}
    73 c9d13081c51cb050ec876439 wiki.saved {title: "개발 일지", body: "", undoes: "7c59dcecb913013becf89481"}
    74 a43418c0951018890da435cb task.removed {task: "d28900192ed9d8674c386efe", undoes: "d28900192ed9d8674c386efe"}
    75 ed67a4e43b4ba72bb1b247dc task.removed {task: "b79cd3db664d4e07836a19c6", undoes: "b79cd3db664d4e07836a19c6"}
    76 aadaf733a2c729468ef48bb0 goal.removed {goal: "2f46727203e9674ffa6b5834", undoes: "2f46727203e9674ffa6b5834"}
    77 9607e1903938a42b26e7b7cf goal.removed {goal: "76bf46be251dfc2735ff79e4", undoes: "76bf46be251dfc2735ff79e4"}
    78 7315bf40d3346a37929b5bcd task.restored {task: "d2845b6d95391d5a89049543", subtasks: ["487cb1e0c9024f3549ce6969"], undoes: "f6e492abc27e604a4200d881"}
    79 6238007fbe9f8f48ea34b157 project.restored {project: "ddd17a864eb341b6cd97e757", detached: ["ece178cb46f768b113f2af31"], undoes: "d2a0dd961d797cff349c7296"}
    80 c70c4eef7cc3c1f036c0abd2 epic.restored {epic: "47280538a77b68cd7d75716d", undoes: "403c5e818f05018ee8bb2d06"}
    81 0d2b2f7b53d8f2323a3b8d67 goal.restored {goal: "df263b69a6f96815c80ace91", undoes: "09d7a4a47deae2bb9526d55a"}
    """
}
