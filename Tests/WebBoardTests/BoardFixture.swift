import Foundation
import TeamflowKit
import XCTest
@testable import WebBoard

/// A team in a temp git repository (a fixed clock: Tuesday of 2024-W47 in Seoul) with two
/// members and a task each, and a board serving it on a free port.
final class BoardFixture {
    static let now = Date(timeIntervalSince1970: 1_731_978_000) // 2024-11-19T10:00:00+09:00
    static let nowText = "2024-11-19T10:00:00+09:00"
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone.current
    static let author = Author(name: "Kim", email: "kim@example.com")
    static let token = String(repeating: "ab", count: 32)

    let folder: URL
    let taskID: String
    let otherTaskID: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("teamflow-board-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Self.git(["init", "-q"], in: folder)
        _ = try Self.git(["config", "user.name", "Kim"], in: folder)
        _ = try Self.git(["config", "user.email", "kim@example.com"], in: folder)
        let team = try Self.open(folder)
        try team.initialize(teamName: "BeStory")
        try team.members.add(name: "Minsu", handle: "minsu")
        try team.members.add(name: "Jiwoo", handle: "jiwoo")
        taskID = try team.tasks.add(title: "Login API", .init(member: "minsu")).id.rawValue
        otherTaskID = try team.tasks.add(title: "Token storage <b>", .init(member: "jiwoo")).id.rawValue
        _ = try team.goals.add(title: "Ship the login screen")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func openTeam() throws -> Team { try Self.open(folder) }

    static func open(_ folder: URL) throws -> Team {
        try Team.open(at: folder, clock: .fixed(now), timeZone: seoul, author: author)
    }

    /// A board on a free port; stopped by the caller.
    func serve(_ change: (inout WebBoardConfiguration) -> Void = { _ in }) throws -> WebBoardServer {
        var configuration = WebBoardConfiguration(port: 0, token: Self.token)
        change(&configuration)
        return try WebBoardServer(team: try openTeam(), configuration: configuration)
    }

    /// The number of commits on the events ref.
    func commitCount() throws -> Int {
        Int(try Self.git(["rev-list", "--count", "refs/teamflow/events"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GitFailed(arguments: arguments, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    struct GitFailed: Error { var arguments: [String]; var status: Int32 }
}

/// A browser-like session: trades the token for the cookie, reads the CSRF token off a page.
struct BrowserSession {
    let client: HTTPClient
    let cookie: String
    let csrf: String

    init(client: HTTPClient) throws {
        self.client = client
        let first = try client.send("GET", "/?token=\(BoardFixture.token)")
        guard first.status == 303, let setCookie = first.headers["set-cookie"],
              let pair = setCookie.split(separator: ";").first else { throw Failure.noCookie(first.status) }
        cookie = String(pair)
        let page = try client.send("GET", "/", headers: ["Cookie": cookie])
        guard let range = page.body.range(of: "name=\"csrf\" value=\""),
              let end = page.body[range.upperBound...].firstIndex(of: "\"") else { throw Failure.noCSRF }
        csrf = String(page.body[range.upperBound..<end])
    }

    func get(_ path: String) throws -> HTTPClient.Response {
        try client.send("GET", path, headers: ["Cookie": cookie])
    }

    func post(_ path: String, _ form: String, csrf: Bool = true) throws -> HTTPClient.Response {
        try client.send("POST", path, headers: ["Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"],
                        body: form + (csrf ? "&csrf=\(self.csrf)" : ""))
    }

    enum Failure: Error { case noCookie(Int), noCSRF }
}

extension HTTPClient {
    /// A script's call with the bearer token.
    func api(_ method: String, _ path: String, json: String = "") throws -> Response {
        try send(method, path, headers: ["Authorization": "Bearer \(BoardFixture.token)", "Content-Type": "application/json"], body: json)
    }
}

/// The JSON object of a response body.
func object(_ response: HTTPClient.Response) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any], response.body)
}
