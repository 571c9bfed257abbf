import Git
@testable import TeamflowGit
import XCTest

/// The compact listing gives back the files it was given, and reads paths and ids on their
/// bytes exactly as the string functions do.
final class EventListingTests: XCTestCase {
    private let paths = [
        "events/0/1a/01a0.yaml", "events/0a/0a22.yaml", "events/b/c0/bc00.yaml", "events/é/ab/éab.yaml",
        "events/2024/abab00000000000000000001.yaml", "events/a/_/ab.yaml", "events/x.yaml", "events/a/bc/abc.yml.yaml",
        "events/0/1a/.yaml", "events/한/글/한글.yaml", "events/e\u{301}/ab/e\u{301}ab.yaml",
    ]

    private func blob(_ n: Int) throws -> ObjectID {
        try XCTUnwrap(ObjectID(hex: String(repeating: "0", count: 38) + String(format: "%02x", n)))
    }

    func testTheListingGivesBackItsFiles() throws {
        let files = try paths.enumerated().map { EventFile(path: $0.element, blob: try blob($0.offset)) }
        let listing = EventListing(files)
        XCTAssertEqual(listing.count, files.count)
        XCTAssertEqual(listing.map(\.path), paths)
        XCTAssertEqual(listing.map(\.blob), files.map(\.blob))
        XCTAssertEqual(listing.blobs, files.map(\.blob))
        XCTAssertTrue(EventListing().isEmpty)
    }

    func testIDsAndLayoutReadOnBytesAgreeWithTheStringFunctions() throws {
        let listing = EventListing(try paths.enumerated().map { EventFile(path: $0.element, blob: try blob($0.offset)) })
        for (position, path) in paths.enumerated() {
            XCTAssertEqual(String(decoding: listing.idUTF8(at: position), as: UTF8.self), String(TreeLayout.id(ofPath: path)), path)
            XCTAssertEqual(listing.isCanonical(at: position), TreeLayout.isCanonical(path), path)
            XCTAssertEqual(Array(listing.pathUTF8(at: position)), Array(path.utf8), path)
        }
    }
}
