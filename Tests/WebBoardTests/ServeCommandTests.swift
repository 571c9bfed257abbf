import Foundation
import TeamflowKit
import XCTest

/// `teamflow serve` as a process: the first line, the exit statuses, signals.
final class ServeCommandTests: XCTestCase {
    func testTheFirstLineIsTheURLAndSIGINTAndSIGTERMExitZero() throws {
        let fixture = try BoardFixture()
        for signal in [SIGINT, SIGTERM] {
            let serve = try ServeProcess(["serve", "--port", "0", "--no-open"], in: fixture.folder)
            let line = try XCTUnwrap(serve.firstLine(), serve.standardError)
            XCTAssertTrue(line.hasPrefix("Serving BeStory at http://127.0.0.1:"), line)
            let address = try XCTUnwrap(ServeProcess.address(of: line), line)
            XCTAssertEqual(address.token.count, 64)
            XCTAssertTrue(address.token.allSatisfy(\.isHexDigit))
            let client = HTTPClient(port: address.port)
            XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: ["Authorization": "Bearer \(address.token)"]).status, 200)
            XCTAssertEqual(serve.stop(signal), 0)
        }
    }

    func testAnotherAddressThanLoopbackNeedsATokenFile() throws {
        let fixture = try BoardFixture()
        let serve = try ServeProcess(["serve", "--bind", "0.0.0.0", "--port", "0", "--no-open"], in: fixture.folder)
        XCTAssertEqual(serve.waitForExit(), 64)
        XCTAssertTrue(serve.standardError.contains("--token-file"), serve.standardError)
    }

    func testATokenFileIsTheToken() throws {
        let fixture = try BoardFixture()
        let file = fixture.folder.appendingPathComponent("token").path
        try (String(repeating: "7f", count: 20) + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open", "--token-file", "token"], in: fixture.folder)
        let address = try XCTUnwrap(serve.firstLine().flatMap(ServeProcess.address(of:)))
        XCTAssertEqual(address.token, String(repeating: "7f", count: 20))
        XCTAssertEqual(serve.stop(), 0)
    }

    func testAPortInUseExitsOneNamingThePort() throws {
        let fixture = try BoardFixture()
        let holder = try fixture.serve()
        defer { holder.stop(grace: 1) }
        let serve = try ServeProcess(["serve", "--port", String(holder.port), "--no-open"], in: fixture.folder)
        XCTAssertEqual(serve.waitForExit(), 1)
        XCTAssertTrue(serve.standardError.contains("127.0.0.1:\(holder.port)"), serve.standardError)
    }

    /// libmicrohttpd is loaded when `serve` starts, not linked: a broken or missing library is
    /// a failure the user can act on (exit 1) naming the library and the package, never a crash.
    /// The dynamic loader looks in LD_LIBRARY_PATH first, where a file that is not a library
    /// stands in for it.
    func testALibraryThatDoesNotLoadExitsOneNamingIt() throws {
        let fixture = try BoardFixture()
        let folder = fixture.folder.appendingPathComponent("broken-libraries")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "not a library\n".write(to: folder.appendingPathComponent("libmicrohttpd.so.12"), atomically: true, encoding: .utf8)
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open"], in: fixture.folder,
                                     environment: ["LD_LIBRARY_PATH": folder.path])
        XCTAssertEqual(serve.waitForExit(), 1)
        let text = serve.standardError
        XCTAssertTrue(text.hasPrefix("error: teamflow serve needs GNU libmicrohttpd (libmicrohttpd.so.12), which could not be loaded: "), text)
        XCTAssertTrue(text.contains("apt install libmicrohttpd12"), text)
        XCTAssertFalse(text.contains("Fatal error"), text)
    }

    /// Writers keep posting while SIGINT arrives: every write the server acknowledged is in the
    /// history, nothing is written twice, and git finds nothing wrong.
    func testSIGINTDuringWritesLosesNothing() throws {
        let fixture = try BoardFixture()
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open"], in: fixture.folder)
        let address = try XCTUnwrap(serve.firstLine().flatMap(ServeProcess.address(of:)))
        let acknowledged = ThreadSafe<[String]>([])
        let group = DispatchGroup()
        for writer in 0..<6 {
            DispatchQueue.global().async(group: group) {
                for index in 0..<30 {
                    let title = "sigint \(writer)-\(index)"
                    let client = HTTPClient(port: address.port)
                    guard let response = try? client.send("POST", "/api/v1/tasks", headers: ["Authorization": "Bearer \(address.token)"],
                                                          body: "{\"title\": \"\(title)\"}") else { return }
                    if response.status == 200 { acknowledged.mutate { $0.append(title) } }
                }
            }
        }
        while acknowledged.value.count < 10 { usleep(10_000) }
        XCTAssertEqual(serve.stop(), 0)
        group.wait()
        let written = try fixture.openTeam().tasks.list(.init(week: "all")).map(\.title).filter { $0.hasPrefix("sigint ") }
        XCTAssertEqual(Set(written).count, written.count, "no duplicates")
        XCTAssertTrue(Set(acknowledged.value).isSubset(of: Set(written)), "every acknowledged write is in the history")
        XCTAssertGreaterThanOrEqual(written.count, 10)
        try BoardFixture.git(["fsck", "--strict"], in: fixture.folder)
    }

    func testBindingIPv6LoopbackServesOverIPv6AndNamesItInTheURL() throws {
        let fixture = try BoardFixture()
        let serve = try ServeProcess(["serve", "--bind", "::1", "--port", "0", "--no-open"], in: fixture.folder)
        let line = try XCTUnwrap(serve.firstLine(), serve.standardError)
        XCTAssertTrue(line.hasPrefix("Serving BeStory at http://[::1]:"), line)
        let address = try XCTUnwrap(ServeProcess.address(of: line), line)
        let client = HTTPClient(port: address.port, ipv6: true)
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: ["Authorization": "Bearer \(address.token)"]).status, 200)
        XCTAssertEqual(try client.send("GET", "/api/v1/week", headers: ["Authorization": "Bearer \(address.token)"],
                                       host: "evil.example:\(address.port)").status, 421)
        XCTAssertEqual(serve.stop(), 0)
    }

    /// The opener is whatever `xdg-open` the user's PATH names: a fake one records the URL it
    /// was given, which is the printed one (with the token).
    func testTheBrowserOpenerRunsXdgOpenFromPATHWithThePrintedURL() throws {
        let fixture = try BoardFixture()
        let (path, record) = try Self.fakeXdgOpen(in: fixture.folder)
        let serve = try ServeProcess(["serve", "--port", "0"], in: fixture.folder, environment: ["PATH": path, "DISPLAY": ":99"])
        let line = try XCTUnwrap(serve.firstLine(), serve.standardError)
        let address = try XCTUnwrap(ServeProcess.address(of: line), line)
        var opened = ""
        for _ in 0..<250 where opened.isEmpty {
            opened = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
            if opened.isEmpty { usleep(20_000) }
        }
        XCTAssertEqual(opened.trimmingCharacters(in: .newlines), address.url)
        XCTAssertEqual(serve.stop(), 0)
    }

    func testWithoutADisplayOrWithNoOpenNothingIsOpened() throws {
        let fixture = try BoardFixture()
        let (path, record) = try Self.fakeXdgOpen(in: fixture.folder)
        for (arguments, display) in [(["serve", "--port", "0"], [String: String]()), (["serve", "--port", "0", "--no-open"], ["DISPLAY": ":99"])] {
            let serve = try ServeProcess(arguments, in: fixture.folder, environment: display.merging(["PATH": path]) { a, _ in a })
            XCTAssertNotNil(serve.firstLine())
            usleep(300_000)
            XCTAssertEqual(serve.stop(), 0)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: record.path))
    }

    /// A PATH whose first folder holds an `xdg-open` that writes its argument into `record`.
    static func fakeXdgOpen(in folder: URL) throws -> (path: String, record: URL) {
        let bin = folder.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = folder.appendingPathComponent("opened.txt")
        let script = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (bin.path + ":/usr/bin:/bin:/usr/local/bin", record)
    }

    func testTheRateLimitOptionSetsThePerClientLimitAndAMalformedOneIsUsage() throws {
        let fixture = try BoardFixture()
        let bad = try ServeProcess(["serve", "--port", "0", "--no-open", "--rate-limit", "fast"], in: fixture.folder)
        XCTAssertEqual(bad.waitForExit(), 64)
        XCTAssertTrue(bad.standardError.contains("--rate-limit"), bad.standardError)
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open", "--rate-limit", "2/s"], in: fixture.folder)
        let address = try XCTUnwrap(serve.firstLine().flatMap(ServeProcess.address(of:)))
        let client = HTTPClient(port: address.port)
        let statuses = try (0..<10).map { _ in try client.send("GET", "/api/v1/week", headers: ["Authorization": "Bearer \(address.token)"]).status }
        XCTAssertTrue(statuses.contains(429), "\(statuses)")
        XCTAssertEqual(serve.stop(), 0)
    }
}
