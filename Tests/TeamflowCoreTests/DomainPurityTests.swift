import Foundation
import XCTest

/// The domain stays pure: no unsafe pointers, no raw memory, no C (the cache codec that needs
/// them lives in StateSnapshot, behind `EntityStorage`).
final class DomainPurityTests: XCTestCase {
    /// Words that mean raw memory: `Unsafe…Pointer`, `withUnsafe…`, `unsafeBitCast`, `memcmp`, …
    static let forbidden = ["Unsafe", "withUnsafe", "unsafe", "memcmp", "memcpy", "import Glibc", "import CGit2",
                            "import CYAML", "import CCMark"]

    func testTeamflowCoreHasNoUnsafeCode() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TeamflowCore")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 40, "the domain's sources were found")
        var offending: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.forbidden.contains(where: { line.contains($0) }) {
                offending.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        XCTAssertEqual(offending, [], "TeamflowCore must not use unsafe pointers or raw memory")
    }

    /// The check itself finds what it looks for.
    func testTheCheckRecognisesUnsafeCode() {
        let samples = ["let p: UnsafeRawPointer", "bytes.withUnsafeBytes { $0 }", "memcmp(a, b, n)"]
        XCTAssertTrue(samples.allSatisfy { line in Self.forbidden.contains { line.contains($0) } })
        XCTAssertFalse(Self.forbidden.contains { "let title = entity.title.utf8.span".contains($0) })
    }
}
