import Foundation
import XCTest
@testable import Git

/// libgit2 is linked for local repositories only: the libraries of its network transports
/// (libssh2, GSSAPI, mbedTLS's TLS) are not linked, and their entry points refuse to connect.
final class LibgitSetupTests: XCTestCase {
    /// libgit2's start-up reaches the stand-ins (its TLS configuration, the CA bundle, libssh2)
    /// and succeeds: repositories open and work.
    func testLibgit2StartsWithItsTransportsAbsent() throws {
        let fixture = try GitFixture()
        let repository = try Repository.create(at: fixture.path("r.git"), bare: true)
        XCTAssertGreaterThan(Libgit2.absentTransportStartupCalls, 0,
                             "libgit2's start-up called into the transports' libraries, and those calls landed here")
        let blob = try repository.writeBlob(Array("ok\n".utf8))
        XCTAssertEqual(try repository.readBlob(blob), Array("ok\n".utf8))
    }

    /// An https:// remote opened through libgit2 fails setting up its TLS session, before its
    /// socket connects (the port below is closed: a connection would give another error).
    func testAnHTTPSConnectionIsRefusedBeforeItConnects() throws {
        let refusedBefore = Libgit2.refusedTransportCalls
        let error = try XCTUnwrap(Libgit2.connectionError(to: "https://127.0.0.1:1/team.git"),
                                  "a TLS connection through libgit2 cannot succeed")
        XCTAssertTrue(error.contains("TLS is not linked into teamflow"), error)
        XCTAssertGreaterThan(Libgit2.refusedTransportCalls, refusedBefore)
    }
}
