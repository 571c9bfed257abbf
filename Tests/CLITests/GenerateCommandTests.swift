import Foundation
import XCTest

/// End to end: `template render`, `templates list|eject` and `generate`, inside and outside git.
final class GenerateCommandTests: XCTestCase {
    func testRenderWithYAMLDataIsExactOutsideGit() throws {
        let ws = try Workspace(gitInit: false)
        try "{% for p in people %}\n- {{ p.name|upperFirstLetter }}{% if p.lead %} (lead){% endif %}!\n{% endfor %}"
            .write(toFile: ws.path + "/list.stencil", atomically: true, encoding: .utf8)
        try "people:\n  - {name: 민수, lead: true}\n  - name: jin\n".write(toFile: ws.path + "/d.yaml", atomically: true, encoding: .utf8)
        let result = try ws.teamflow("template", "render", "list.stencil", "--data", "d.yaml")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "- 민수 (lead)!\n- Jin!\n")
        let untrimmed = try ws.teamflow("template", "render", "list.stencil", "--data", "d.yaml", "--trim", "none")
        XCTAssertEqual(untrimmed.stdout, "\n- 민수 (lead)!\n\n- Jin!\n")
    }

    /// `generate feature NAME --package` lays the feature out as a SwiftPM package (the build
    /// itself is `FeaturePackageTests`); `--package` on a template without the variable is usage.
    func testFeaturePackageFlagAndDatesInRenderData() throws {
        let ws = try Workspace(gitInit: false)
        let planned = try ws.teamflow("generate", "feature", "Profile", "--package", "--dry-run")
        XCTAssertEqual(planned.code, 0, planned.stderr)
        XCTAssertTrue(planned.stdout.hasPrefix("create  Package.swift\ncreate  Sources/Profile/Application/ProfileAssembly.swift\n"), planned.stdout)
        XCTAssertTrue(planned.stdout.contains("create  Tests/ProfileTests/ProfileViewModelTests.swift\n"), planned.stdout)
        let wrong = try ws.teamflow("generate", "coordinator", "Main", "--package", "--dry-run")
        XCTAssertEqual(wrong.code, 64)
        XCTAssertTrue(wrong.stderr.contains("template 'coordinator' has no variable 'package'"), wrong.stderr)

        try #"{{ d }} {{ d.timeIntervalSince1970 }} {{ d|date:"d MMM HH:mm" }} {{ s }}{{ s.timeIntervalSince1970 }}"#
            .write(toFile: ws.path + "/t.stencil", atomically: true, encoding: .utf8)
        try "d: 2018-05-05T03:39:26Z\ns: \"2018-05-05T03:39:26Z\"\n".write(toFile: ws.path + "/d.yaml", atomically: true, encoding: .utf8)
        let rendered = try ws.teamflow("template", "render", "t.stencil", "--data", "d.yaml", "--time-zone", "Asia/Seoul")
        XCTAssertEqual(rendered.code, 0, rendered.stderr)
        XCTAssertEqual(rendered.stdout, "2018-05-05T03:39:26Z 1525491566.0 5 May 12:39 2018-05-05T03:39:26Z")
        XCTAssertEqual(try ws.teamflow("template", "render", "t.stencil", "--data", "d.yaml", "--time-zone", "Nowhere").code, 64)
    }

    func testRenderSearchPathAndJSONData() throws {
        let ws = try Workspace(gitInit: false)
        try FileManager.default.createDirectory(atPath: ws.path + "/parts", withIntermediateDirectories: true)
        try "Hi {{ who }}".write(toFile: ws.path + "/parts/hi.stencil", atomically: true, encoding: .utf8)
        try "{% include \"hi.stencil\" %}!".write(toFile: ws.path + "/main.stencil", atomically: true, encoding: .utf8)
        try "{\"who\": \"team\"}".write(toFile: ws.path + "/d.json", atomically: true, encoding: .utf8)
        let result = try ws.teamflow("template", "render", "main.stencil", "--data", "d.json", "--search-path", "parts")
        XCTAssertEqual(result.stdout, "Hi team!")
        XCTAssertEqual(result.code, 0, result.stderr)
    }

    func testRenderErrorPointsAtTheSpot() throws {
        let ws = try Workspace(gitInit: false)
        try "line one\n{{ name|uppercaes }}\n".write(toFile: ws.path + "/bad.stencil", atomically: true, encoding: .utf8)
        let result = try ws.teamflow("template", "render", "bad.stencil")
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("bad.stencil:2:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: unknown filter 'uppercaes'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("^"), result.stderr)
    }

    func testTemplatesListEjectAndOverride() throws {
        let outside = try Workspace(gitInit: false)
        let listed = try outside.teamflow("templates", "list", "--json")
        XCTAssertEqual(listed.code, 0, listed.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.compactMap { $0["name"] as? String },
                       ["coordinator", "coordinator-core", "di-container", "feature", "scene-coordinator", "viewmodel"])
        XCTAssertTrue(rows.allSatisfy { $0["source"] as? String == "built-in" && $0["active"] as? Bool == true })
        let coordinator = try XCTUnwrap(rows.first { $0["name"] as? String == "coordinator" })
        let variables = try XCTUnwrap(coordinator["variables"] as? [[String: Any]])
        XCTAssertEqual(variables.first?["name"] as? String, "name")
        XCTAssertEqual(variables.first?["required"] as? Bool, true)

        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.path + "/Sources/App", withIntermediateDirectories: true)
        let ejected = try CLI.run(["templates", "eject", "viewmodel"], in: ws.path + "/Sources/App")
        XCTAssertEqual(ejected.code, 0, ejected.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: ws.path + "/.teamflow/templates/viewmodel/template.yaml"),
                      "ejected at the repository root, found by walking up")
        let text = try ws.teamflow("templates", "list")
        XCTAssertTrue(text.stdout.contains("viewmodel  [\(ws.path)/.teamflow/templates/viewmodel]"), text.stdout)
        XCTAssertTrue(text.stdout.contains("viewmodel  [built-in]  (overridden by the repository's template)"), text.stdout)
        let again = try ws.teamflow("templates", "eject", "viewmodel")
        XCTAssertEqual(again.code, 1)
        XCTAssertTrue(again.stderr.hasPrefix("error: "), again.stderr)
    }

    func testGenerateDryRunWriteOverwriteAndForce() throws {
        let ws = try Workspace(gitInit: false)
        let args = ["generate", "coordinator", "Connection", "--set", "dependencies=browsingUseCase: BrowsingUserUseCaseInterface",
                    "--set", "children=VideoList", "--set", "viewModel=true", "--out", "App"]
        let dry = try CLI.run(args + ["--dry-run"], in: ws.path)
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertEqual(dry.stdout, """
            create  Connection/ConnectionContainer.swift
            create  Connection/ConnectionCoordinator+Flow.swift
            create  Connection/ConnectionCoordinator.swift
            create  Connection/ConnectionViewModel.swift
            Dry run: nothing written.

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: ws.path + "/App"))
        XCTAssertEqual(try CLI.run(args, in: ws.path).code, 0)
        let container = try String(contentsOfFile: ws.path + "/App/Connection/ConnectionContainer.swift", encoding: .utf8)
        XCTAssertTrue(container.contains("let viewModel = ConnectionViewModel(usecase: dependency.browsingUseCase)"))

        let same = try CLI.run(args + ["--dry-run"], in: ws.path)
        XCTAssertTrue(same.stdout.hasPrefix("unchanged  Connection/ConnectionContainer.swift"), same.stdout)
        // Unedited generated files are teamflow's: rewritten without --force.
        let changed = ["generate", "coordinator", "Connection", "--set", "dependencies=browsingUseCase: BrowsingUserUseCaseInterface",
                       "--set", "children=VideoList", "--out", "App"]
        let updated = try CLI.run(changed, in: ws.path)
        XCTAssertEqual(updated.code, 0, updated.stderr)
        XCTAssertTrue(updated.stdout.contains("update  Connection/ConnectionContainer.swift"), updated.stdout)

        // One edited by hand is refused when its generated text changes and there is nothing to merge against.
        // Without the last generated text (a tree generated before teamflow kept it under
        // .teamflow-generated/), an edit cannot be merged: the old refusal still applies.
        try FileManager.default.removeItem(atPath: ws.path + "/App/.teamflow-generated")
        let coordinator = ws.path + "/App/Connection/ConnectionCoordinator.swift"
        try (try String(contentsOfFile: coordinator, encoding: .utf8) + "// mine\n").write(toFile: coordinator, atomically: true, encoding: .utf8)
        let refused = try CLI.run(args, in: ws.path)
        XCTAssertEqual(refused.code, 1, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("error: would overwrite 1 existing file(s):\n  Connection/ConnectionCoordinator.swift"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)
        let forced = try CLI.run(args + ["--force"], in: ws.path)
        XCTAssertEqual(forced.code, 0, forced.stderr)
        XCTAssertTrue(forced.stdout.contains("overwrite  Connection/ConnectionCoordinator.swift"), forced.stdout)
        XCTAssertFalse(try String(contentsOfFile: coordinator, encoding: .utf8).contains("// mine"))
    }

    func testMissingRequiredVariableIsUsage() throws {
        let ws = try Workspace(gitInit: false)
        let result = try ws.teamflow("generate", "coordinator")
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(result.stderr.hasPrefix("error: template 'coordinator' needs a value for 'name'"), result.stderr)
        let unknown = try ws.teamflow("generate", "nope", "X")
        XCTAssertEqual(unknown.code, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown template 'nope'"), unknown.stderr)
    }

    func testGenerateDIContainerFromServicesValues() throws {
        let ws = try Workspace(gitInit: false)
        try """
            services:
              - {type: BrowsingUserUseCase, as: BrowsingUserUseCaseInterface, init: ["repository: BrowsingUserRepositoryInterface"]}
              - {type: BrowsingUserRepository, as: BrowsingUserRepositoryInterface}
            """.write(toFile: ws.path + "/services.yaml", atomically: true, encoding: .utf8)
        let result = try ws.teamflow("generate", "di-container", "--values", "services.yaml")
        XCTAssertEqual(result.code, 0, result.stderr)
        let text = try String(contentsOfFile: ws.path + "/DIContainer+Registration.swift", encoding: .utf8)
        XCTAssertTrue(text.contains("let browsingUserUseCase = BrowsingUserUseCase(repository: browsingUserRepository)"), text)
        try "services:\n  - {type: A, init: [\"b: B\"]}\n".write(toFile: ws.path + "/bad.yaml", atomically: true, encoding: .utf8)
        let bad = try ws.teamflow("generate", "di-container", "--values", "bad.yaml", "--out", "x")
        XCTAssertEqual(bad.code, 1)
        XCTAssertTrue(bad.stderr.contains("A needs B (b:), which no service registers"), bad.stderr)
    }
}
