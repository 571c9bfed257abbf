import Git
@testable import TeamflowGit
import XCTest

/// doctor's clocks by file: found by path (binary search over a listing in path order, a
/// dictionary otherwise) and only for the same blob.
final class KnownClocksTests: XCTestCase {
    private func blob(_ n: Int) throws -> ObjectID {
        try XCTUnwrap(ObjectID(hex: String(repeating: "0", count: 38) + String(format: "%02x", n)))
    }

    func testEachFileIsFoundByPathAndBlobInEitherOrder() throws {
        let paths = ["events/0/1a/01a0.yaml", "events/0/1a/01a1.yaml", "events/0a/0a22.yaml", "events/b/c0/bc00.yaml", "events/é/ab/x.yaml"]
        for listing in [paths, paths.reversed()] {
            let files = try listing.enumerated().map { EventFile(path: $0.element, blob: try blob($0.offset)) }
            var known = KnownClocks(files: EventListing(files))
            for index in files.indices where index != 2 { known.clocks[index] = 100 + index }
            for (index, file) in files.enumerated() {
                XCTAssertEqual(known.clock(of: file), index == 2 ? nil : 100 + index, "\(file.path) in \(listing == paths ? "path order" : "reverse order")")
                XCTAssertNil(known.clock(of: EventFile(path: file.path, blob: try blob(99))), "another blob at the same path is read again")
            }
            XCTAssertNil(known.clock(of: EventFile(path: "events/0/1a/01a05.yaml", blob: try blob(0))))
            XCTAssertNil(known.clock(of: EventFile(path: "events/zz/last.yaml", blob: try blob(0))))
        }
        XCTAssertNil(KnownClocks(files: []).clock(of: EventFile(path: "events/a/bc/abc.yaml", blob: try blob(1))))
    }
}
