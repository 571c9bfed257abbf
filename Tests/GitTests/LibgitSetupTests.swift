import Foundation
import XCTest
@testable import Git

final class LibgitSetupTests: XCTestCase {
    /// libgit2's start-up no longer parses the system's CA certificates (no local command uses
    /// TLS), and certificates set explicitly later still reach mbedTLS.
    func testCertificatesAreNotLoadedAtStartButCanBeLater() throws {
        let fixture = try GitFixture()
        _ = try Repository.create(at: fixture.path("r.git"), bare: true)
        // Only where libgit2 is built against mbedTLS (Debian's) does it ask at start.
        guard Libgit2.deferredCertificateLoads > 0 else { throw XCTSkip("libgit2 does not load certificates through mbedTLS here") }
        XCTAssertThrowsError(try Libgit2.loadCertificates(file: fixture.path("no-such-bundle.pem")),
                             "a missing bundle reaches mbedTLS, which fails to read it")
        let bundle = "/etc/ssl/certs/ca-certificates.crt"
        if FileManager.default.fileExists(atPath: bundle) {
            XCTAssertNoThrow(try Libgit2.loadCertificates(file: bundle))
        }
    }

    /// libgit2's start-up no longer initialises libssh2 (and OpenSSL's engines with it); a
    /// later initialisation, as libssh2 makes when a session is created, still reaches it.
    func testLibssh2IsNotInitialisedAtStartButStillCanBe() throws {
        let fixture = try GitFixture()
        _ = try Repository.create(at: fixture.path("r.git"), bare: true)
        guard Libgit2.hasSSH else { throw XCTSkip("libgit2 is built without libssh2 here") }
        XCTAssertGreaterThan(Libgit2.deferredSSHInits, 0, "libgit2's start-up asked for libssh2 and was not given it")
        XCTAssertEqual(Libgit2.initialiseSSHNow(), 0, "libssh2_init reached libssh2")
    }
}
