import Foundation
import TeamflowTestSupport
import Templates
import XCTest
@testable import Scaffolding

/// `generate feature NAME --package` (the `package` variable): a SwiftPM package whose
/// `swift build` and `swift test` pass on Linux as generated.
final class FeaturePackageTests: XCTestCase {
    private func plan(package: Bool, in out: URL) throws -> [PlannedFile] {
        let values: [String: TemplateValue] = [
            "package": .bool(package),
            "useCases": ["FetchProfile", "UpdateProfile"],
            "screens": ["Profile", "EditProfile"],
        ]
        return try Generator(catalog: try TemplateCatalog()).plan(template: "feature", name: "Profile", values: values, outDir: out)
    }

    func testPackageLayoutAndTheManifestIsTheUsers() throws {
        let out = try makeTemporaryFolder("feature-layout")
        defer { try? FileManager.default.removeItem(at: out) }
        let package = try plan(package: true, in: out)
        XCTAssertEqual(package.first?.path, "Package.swift")
        XCTAssertEqual(package.first?.isUserFile, true, "created once, then the user's (dependencies, platforms)")
        XCTAssertTrue(try XCTUnwrap(package.first).contents.hasPrefix("// swift-tools-version:5.9\n"), "the tools version must come first")
        XCTAssertTrue(package.dropFirst().allSatisfy { $0.path.hasPrefix("Sources/Profile/") || $0.path.hasPrefix("Tests/ProfileTests/") },
                      "\(package.map(\.path))")
        let plain = try plan(package: false, in: out)
        XCTAssertFalse(plain.contains { $0.path == "Package.swift" })
        XCTAssertTrue(plain.contains { $0.path == "Profile/Domain/UseCase/FetchProfileUseCase.swift" })
        XCTAssertTrue(plain.contains { $0.path == "ProfileTests/ProfileViewModelTests.swift" })
    }

    /// SLOW (about 20 s under load, more on a cold machine): runs `swift build` and `swift test`
    /// on the generated package in a temporary folder, as a team would right after generating it.
    func testSlowGeneratedPackageBuildsAndItsTestsPassWithSwiftPM() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let swift = (path.split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift"])
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw RequiredTool.missing("swift not found on PATH or in /opt/swift/usr/bin")
        }
        let out = try makeTemporaryFolder("feature-package")
        defer { try? FileManager.default.removeItem(at: out) }
        let generator = Generator(catalog: try TemplateCatalog())
        try generator.write(try plan(package: true, in: out), force: false)

        // Only what SwiftPM needs: none of the outer `swift test`'s own variables.
        var environment = ["PATH": path, "HOME": out.path]
        if let temporary = ProcessInfo.processInfo.environment["TMPDIR"] { environment["TMPDIR"] = temporary }
        for command in ["build", "test"] {
            let output = try BuiltInsCompileTests.run(URL(fileURLWithPath: swift), [command, "--package-path", out.path],
                                                      environment: environment)
            XCTAssertFalse(output.contains("warning:"), "the generated package builds without warnings:\n\(output)")
            if command == "test" {
                XCTAssertTrue(output.contains("Executed 4 tests, with 0 failures"), "two use case tests and two view model tests ran:\n\(output)")
            }
        }
    }
}
