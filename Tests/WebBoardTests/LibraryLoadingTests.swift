import XCTest
@testable import WebBoard

/// libmicrohttpd is loaded when a server starts (dlopen), not linked: what a load that fails
/// says, and that it does not disturb the library already serving.
final class LibraryLoadingTests: XCTestCase {
    func testALibraryThatIsNotThereIsATypedErrorWithTheLoadersReason() {
        let name = "libteamflow-no-such-library.so.0"
        XCTAssertThrowsError(try MHDServer.loadLibrary(named: name)) { error in
            let missing = error as? MHDServer.LibraryMissing
            XCTAssertEqual(missing?.library, name)
            XCTAssertTrue(missing?.reason.contains(name) == true, String(describing: missing?.reason))
        }
    }

    /// A library that loads but lacks the server's functions (libc stands in) is refused, by name.
    func testALibraryWithoutTheServersFunctionsIsRefused() {
        XCTAssertThrowsError(try MHDServer.loadLibrary(named: "libc.so.6")) { error in
            XCTAssertEqual((error as? MHDServer.LibraryMissing)?.reason, "libc.so.6: no symbol MHD_start_daemon")
        }
    }

    /// After failed loads the real library still loads and a server starts and answers.
    func testAFailedLoadLeavesTheServerWorking() throws {
        XCTAssertThrowsError(try MHDServer.loadLibrary(named: "libteamflow-no-such-library.so.0"))
        XCTAssertNoThrow(try MHDServer.loadLibrary())
        let server = try MHDServer(address: "127.0.0.1", port: 0, limits: MHDServer.Limits()) { _ in HTTPResponse(status: 204) }
        defer { server.stop(grace: 1) }
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(try HTTPClient(port: server.port).send("GET", "/").status, 204)
    }
}
