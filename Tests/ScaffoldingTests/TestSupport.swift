import Foundation
import XCTest

/// A fresh folder under the system temp folder, removed by `tearDown` of the caller.
func makeTemporaryFolder(_ label: String = "scaffolding") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // Resolve /tmp symlinks (macOS) so path comparisons in tests are exact.
    return url.resolvingSymlinksInPath()
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func read(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// Every regular file under `folder`, relative paths sorted.
func listFiles(_ folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var files: [String] = []
    while let path = walker.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
           !isDirectory.boolValue {
            files.append(path)
        }
    }
    return files.sorted()
}
