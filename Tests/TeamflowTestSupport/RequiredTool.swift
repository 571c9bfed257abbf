import Foundation
import XCTest

/// A test that reads its result with a tool `scripts/bootstrap.sh` installs (PyYAML,
/// markdown-it-py, html5lib, groff, rsvg-convert, Chromium, swiftc): on a developer's machine
/// without it the test is skipped with the reason; under CI (`CI` set, after bootstrap ran) a
/// missing tool is a failure, so a broken install step cannot turn the checks off unseen.
public enum RequiredTool {
    /// The error to throw when the tool is missing: `XCTSkip` locally, a failure under CI.
    public static func missing(_ reason: String) -> any Error {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } == true
            ? Missing(reason: reason) : XCTSkip(reason)
    }

    /// A tool CI should have had.
    public struct Missing: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { "under CI every tool bootstrap installs must be there: \(reason)" }
    }
}
