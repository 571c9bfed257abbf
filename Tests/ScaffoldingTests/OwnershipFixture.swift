import Foundation
@testable import Scaffolding

/// The fixture `coordinator` template of `Tests/CLITests/Fixtures/regen-templates` (teamflow-owned
/// Coordinator and Container, a user-owned `+Flow.swift`), installed as a repository override so
/// the regeneration tests do not depend on the built-in templates.
enum OwnershipFixture {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CLITests/Fixtures/regen-templates")

    /// A catalog whose `coordinator` is the fixture, read from `root/.teamflow/templates`.
    static func catalog(installedIn root: URL) throws -> TemplateCatalog {
        let destination = root.appendingPathComponent(".teamflow/templates")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: templates.appendingPathComponent("coordinator"),
                                         to: destination.appendingPathComponent("coordinator"))
        return try TemplateCatalog(repositoryRoot: root)
    }
}
