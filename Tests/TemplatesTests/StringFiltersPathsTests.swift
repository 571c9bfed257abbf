import Foundation
import XCTest
@testable import Templates

final class StringFiltersPathsTests: XCTestCase {
    func testBasename() {
        XCTAssertEqual(StringFilters.basename("/tmp/scratch.tiff"), "scratch.tiff")
        XCTAssertEqual(StringFilters.basename("/tmp/"), "tmp")
        XCTAssertEqual(StringFilters.basename("scratch///"), "scratch")
        XCTAssertEqual(StringFilters.basename("/"), "/")
        XCTAssertEqual(StringFilters.basename(""), "")
        XCTAssertEqual(StringFilters.basename("a//b//"), "b")
        XCTAssertEqual(StringFilters.basename("한국/문서.txt"), "문서.txt")
        // Foundation on Linux crashes on this one; we must not.
        XCTAssertEqual(StringFilters.basename("//é///"), "é")
        XCTAssertEqual(StringFilters.basename("👨‍👩‍👧/e\u{301}"), "e\u{301}")
    }

    func testDirname() {
        XCTAssertEqual(StringFilters.dirname("/tmp/scratch.tiff"), "/tmp")
        XCTAssertEqual(StringFilters.dirname("/tmp/lock/"), "/tmp")
        XCTAssertEqual(StringFilters.dirname("/tmp/"), "/")
        XCTAssertEqual(StringFilters.dirname("/"), "/")
        XCTAssertEqual(StringFilters.dirname("scratch.tiff"), ".")
        XCTAssertEqual(StringFilters.dirname(""), "..")
        XCTAssertEqual(StringFilters.dirname(".."), "../..")
        XCTAssertEqual(StringFilters.dirname("a/.."), "a/../..")
        XCTAssertEqual(StringFilters.dirname("/a/../b"), "/")
        XCTAssertEqual(StringFilters.dirname("~/x"), "~", "no tilde expansion, by design")
        XCTAssertEqual(StringFilters.dirname("한/글/😀"), "한/글")
    }

    /// Every ASCII path up to 6 characters over {q, /, .}: our lexical versions must agree
    /// with what StencilSwiftKit computes through Foundation (NSString path methods, PathKit's
    /// join rules). Foundation's `lastPathComponent` on Linux mishandles (and may crash on)
    /// all-slash paths and paths with two or more runs of repeated slashes, and crashes on
    /// some non-ASCII paths, so basename is compared on the other paths only.
    func testAgreesWithFoundationOnShortASCIIPaths() {
        var paths = [""]
        var frontier = [""]
        for _ in 1...6 {
            frontier = frontier.flatMap { prefix in ["q", "/", "."].map { prefix + $0 } }
            paths += frontier
        }
        var mismatches: [String] = []
        for path in paths {
            if Self.foundationBasenameIsSafe(path) {
                let base = NSString(string: path).lastPathComponent
                if StringFilters.basename(path) != base {
                    mismatches.append("basename(\(path)) = \(StringFilters.basename(path)), Foundation \(base)")
                }
            }
            let dir = Self.referenceDirname(path)
            if StringFilters.dirname(path) != dir {
                mismatches.append("dirname(\(path)) = \(StringFilters.dirname(path)), Foundation \(dir)")
            }
        }
        XCTAssertEqual(paths.count, 1093)
        XCTAssertTrue(mismatches.isEmpty, mismatches.prefix(20).joined(separator: "\n"))
    }

    /// Has a non-slash character and at most one run of repeated slashes.
    private static func foundationBasenameIsSafe(_ path: String) -> Bool {
        guard path.contains(where: { $0 != "/" }) else { return false }
        var runs = 0
        var runLength = 0
        for character in path + "." {
            if character == "/" {
                runLength += 1
            } else {
                if runLength >= 2 { runs += 1 }
                runLength = 0
            }
        }
        return runs <= 1
    }

    /// PathKit's `Path(path).parent().normalize()`, built on Foundation's own path methods.
    private static func referenceDirname(_ path: String) -> String {
        var left = NSString(string: path).pathComponents
        if left.count > 1, left.last == "/" { left.removeLast() }
        left = left.filter { $0 != "." }
        var right = [".."]
        while left.last != "..", !left.isEmpty, right.first == ".." {
            if left.count > 1 || left.first != "/" { left.removeLast() }
            right.removeFirst()
        }
        let all = left + right
        let joined: String
        if all.isEmpty {
            joined = "."
        } else if all.first == "/", all.count > 1 {
            joined = String(all.joined(separator: "/").dropFirst())
        } else {
            joined = all.joined(separator: "/")
        }
        return NSString(string: joined).standardizingPath
    }
}
