import Foundation
import JSONShapes
import TeamflowKit

/// Every request's way through the board: the `Host` check, the rate limit, the token, the
/// method, the CSRF token for a browser's POST, then the page, the action or the API call.
/// Runs on the connection's thread; it owns no state of its own.
struct BoardRouter: Sendable {
    let access: AccessControl
    let service: BoardService
    let watch: TipWatch
    let views: BoardViews
    /// Shown on every page while the last `--sync` failed (nil: fine or no sync).
    let syncStatus: @Sendable () -> String?

    /// The headers every response carries: no framing, no sniffing, no referrer, nothing from
    /// elsewhere (and no CORS header at all, so other origins cannot read anything).
    static let securityHeaders = [
        ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        response.headers += Self.securityHeaders
        return response
    }

    /// How the caller proved it holds the token.
    enum Credential {
        /// `Authorization: Bearer`: a script; no CSRF token needed (a browser never sends it by itself).
        case bearer
        /// The session cookie, with the session's CSRF token.
        case session(csrf: String)
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        guard access.isAllowedHost(request.header("Host")) else {
            return plain(421, "This server answers only to the address it was started on.\n")
        }
        guard access.admit(request.client) else {
            return HTTPResponse(status: 429, contentType: "text/plain; charset=utf-8", text: "Too many requests; slow down.\n",
                                headers: [("Retry-After", "1")])
        }
        if request.method == "GET", let token = request.query["token"] {
            guard access.isToken(token) else { return plain(401, "That token is not this board's.\n") }
            // The first visit: a session cookie, and the token dropped from the address bar.
            let session = access.newSession()
            return .seeOther(Self.localPath(request.path) ?? "/", headers: [
                ("Set-Cookie", "\(AccessControl.cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict"),
            ])
        }
        let credential: Credential
        if let authorization = request.header("Authorization"), authorization.hasPrefix("Bearer ") {
            guard access.isToken(String(authorization.dropFirst("Bearer ".count))) else { return unauthorized(request) }
            credential = .bearer
        } else if let id = request.cookies[AccessControl.cookieName], let csrf = access.csrf(forSession: id) {
            credential = .session(csrf: csrf)
        } else {
            return unauthorized(request)
        }
        let path = request.path
        if path.hasPrefix("/api/v1/") || path == "/api/v1" {
            return api(request, credential: credential)
        }
        switch (request.method, path) {
        case ("GET", "/style.css"), ("HEAD", "/style.css"):
            return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", text: BoardViews.stylesheet)
        case ("GET", "/icon.svg"), ("HEAD", "/icon.svg"):
            return HTTPResponse(status: 200, contentType: "image/svg+xml", text: BoardViews.icon)
        case ("GET", "/board.js"), ("HEAD", "/board.js"):
            return HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", text: BoardScript.source)
        case ("GET", "/events"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")],
                                body: .stream(TipEvents(watch: watch)))
        default:
            break
        }
        if path.hasPrefix("/charts/"), path.hasSuffix(".svg") {
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET") }
            do {
                guard let svg = try service.chart(String(path.dropFirst())) else { return plain(404, "No such page.\n") }
                return HTTPResponse(status: 200, contentType: "image/svg+xml", text: svg)
            } catch {
                return plain(500, "error: \(error)\n")
            }
        }
        if let name = Self.sitePageName(path) {
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET") }
            var csrf = ""
            if case .session(let token) = credential { csrf = token }
            return sitePage(name, csrf: csrf, path: path, notice: nil) ?? plain(404, "No such page.\n")
        }
        if let week = Self.pageWeek(path) {
            guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET") }
            guard case .session(let csrf) = credential else {
                // A script asking for a page gets the page too; its forms would need a session.
                return page(week: week, csrf: "", path: path, notice: nil)
            }
            return page(week: week, csrf: csrf, path: path, notice: nil)
        }
        guard let action = FormAction(path: path) else { return plain(404, "No such page.\n") }
        guard request.method == "POST" else { return methodNotAllowed("POST") }
        guard !request.bodyTooLarge else { return plain(413, "The form is too large.\n") }
        let form = request.form
        if case .session(let csrf) = credential {
            guard let sent = form["csrf"] ?? request.header("X-CSRF-Token"),
                  AccessControl.constantTimeEqual(Array(sent.utf8), Array(csrf.utf8)) else {
                return plain(403, "The form's CSRF token is missing or stale; reload the page and try again.\n")
            }
        }
        let back = form["back"].flatMap(Self.localPath) ?? "/"
        do {
            _ = try perform(action, form)
            return .seeOther(back)
        } catch let error as TeamflowError {
            // The page again, with the CLI's message and the status that fits.
            let csrf: String
            if case .session(let token) = credential { csrf = token } else { csrf = "" }
            var response = Self.sitePageName(back).flatMap { sitePage($0, csrf: csrf, path: back, notice: .error(error)) }
                ?? page(week: Self.pageWeek(back) ?? nil, csrf: csrf, path: back, notice: .error(error))
            response.status = Self.status(for: error)
            return response
        } catch {
            return plain(500, "\(error)\n")
        }
    }

    // MARK: Pages and forms

    private func page(week: String?, csrf: String, path: String, notice: BoardViews.Notice?) -> HTTPResponse {
        do {
            var notice = notice
            if notice == nil, let status = syncStatus() { notice = .sync(status) }
            let html = try views.page(service: service, week: week, csrf: csrf, path: path, notice: notice)
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(html))
        } catch let error as TeamflowError {
            return HTTPResponse(status: Self.status(for: error), contentType: "text/plain; charset=utf-8", text: "error: \(error.message)\n")
        } catch {
            return plain(500, "error: \(error)\n")
        }
    }

    /// One of the site's other pages in the board's frame; nil when there is no such page.
    private func sitePage(_ name: String, csrf: String, path: String, notice: BoardViews.Notice?) -> HTTPResponse? {
        do {
            var notice = notice
            if notice == nil, let status = syncStatus() { notice = .sync(status) }
            guard let html = try views.sitePage(service: service, name: name, csrf: csrf, path: path, notice: notice) else { return nil }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(html))
        } catch let error as TeamflowError {
            return HTTPResponse(status: Self.status(for: error), contentType: "text/plain; charset=utf-8", text: "error: \(error.message)\n")
        } catch {
            return plain(500, "error: \(error)\n")
        }
    }

    /// The form actions: each the CLI's use case.
    enum FormAction {
        case task(String, BoardService.TaskStatusAction)
        case editTask(String)
        case goal(String, done: Bool)
        case comment(pr: String)
        case addTask, addGoal, carry, retro, undo

        init?(path: String) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            switch parts.count {
            case 1:
                switch parts[0] {
                case "tasks": self = .addTask
                case "goals": self = .addGoal
                case "carry": self = .carry
                case "retro": self = .retro
                case "undo": self = .undo
                default: return nil
                }
            case 3 where parts[0] == "tasks":
                guard let id = parts[1].removingPercentEncoding else { return nil }
                if parts[2] == "edit" { self = .editTask(id); return }
                guard let status = BoardService.TaskStatusAction(rawValue: parts[2]) else { return nil }
                self = .task(id, status)
            case 3 where parts[0] == "reviews" && parts[2] == "comment":
                guard let pr = parts[1].removingPercentEncoding else { return nil }
                self = .comment(pr: pr)
            case 3 where parts[0] == "goals" && (parts[2] == "check" || parts[2] == "uncheck"):
                guard let id = parts[1].removingPercentEncoding else { return nil }
                self = .goal(id, done: parts[2] == "check")
            default:
                return nil
            }
        }
    }

    private func perform(_ action: FormAction, _ form: [String: String]) throws -> JSON {
        func field(_ name: String) -> String? { form[name].flatMap { $0.isEmpty ? nil : $0 } }
        // Empty or absent: the person running the board; a member only when the form says so.
        let actor = field("as")
        switch action {
        case .task(let id, let status): return try service.setStatus(status, task: id, as: actor)
        case .editTask(let id): return try service.editTask(id, title: field("title"), due: field("due"), as: actor)
        case .goal(let id, let done): return try service.setGoal(id, done: done, as: actor)
        case .addTask:
            return try service.addTask(title: form["title"] ?? "", member: field("member"), due: field("due"), week: field("week"), as: actor)
        case .addGoal: return try service.addGoal(title: form["title"] ?? "", week: field("week"), as: actor)
        case .carry: return try service.carry(from: field("from"), to: field("to"), as: actor)
        case .retro: return try service.addRetro(text: form["text"] ?? "", kind: field("kind"), week: field("week"), as: actor)
        case .comment(let pr): return try service.comment(pr: pr, text: form["text"] ?? "", as: actor)
        case .undo: return try service.undo(as: actor)
        }
    }

    // MARK: The JSON API

    private func api(_ request: HTTPRequest, credential: Credential) -> HTTPResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).dropFirst(2).map(String.init)
        let isPost = request.method == "POST"
        do {
            switch parts.count {
            case 1 where parts[0] == "week", 2 where parts[0] == "week":
                guard !isPost else { return methodNotAllowed("GET", json: true) }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")],
                                    body: .bytes(try service.weekDocument(parts.count == 2 ? parts[1] : nil)))
            case 2 where parts[0] == "tasks":
                guard !isPost else { return methodNotAllowed("GET", json: true) }
                return json(200, try service.taskJSON(parts[1].removingPercentEncoding ?? parts[1]))
            default:
                break
            }
            let write: () throws -> JSON
            if parts.count == 3, parts[0] == "tasks", let status = BoardService.TaskStatusAction(rawValue: parts[2]) {
                let id = parts[1].removingPercentEncoding ?? parts[1]
                let body = try APIBody(request.body)
                write = { try service.setStatus(status, task: id, as: body["as"]) }
            } else if parts == ["tasks"] || parts == ["goals"] || parts == ["undo"] {
                let body = try APIBody(request.body)
                switch parts[0] {
                case "tasks":
                    write = {
                        try service.addTask(title: try body.required("title"), member: body["member"], due: body["due"], week: body["week"],
                                            as: body["as"])
                    }
                case "goals":
                    write = { try service.addGoal(title: try body.required("title"), week: body["week"], as: body["as"]) }
                default:
                    write = { try service.undo(as: body["as"]) }
                }
            } else {
                return json(404, ErrorJSON.object(TeamflowError(.notFound, "no such API call: \(request.method) \(request.path)"), hints: []))
            }
            guard isPost else { return methodNotAllowed("POST", json: true) }
            guard !request.bodyTooLarge else { return json(413, ErrorJSON.object(TeamflowError(.usage, "the request body is over 64 KiB"), hints: [])) }
            if case .session(let csrf) = credential {
                guard let sent = request.header("X-CSRF-Token"), AccessControl.constantTimeEqual(Array(sent.utf8), Array(csrf.utf8)) else {
                    return json(403, ErrorJSON.object(TeamflowError(.usage, "a cookie-authenticated POST needs the X-CSRF-Token header"), hints: []))
                }
            }
            return json(200, try write())
        } catch let error as TeamflowError {
            return json(Self.status(for: error), ErrorJSON.object(error, hints: error.hints))
        } catch {
            return json(500, ErrorJSON.object(TeamflowError(.failure, "\(error)"), hints: []))
        }
    }

    // MARK: Helpers

    /// The HTTP status for a use case's failure: 404 unknown, 409 a conflicting change, 422
    /// input the CLI would refuse as well (an ambiguous name included: the caller must be more precise).
    static func status(for error: TeamflowError) -> Int {
        switch error.kind {
        case .notFound: return 404
        case .conflict: return 409
        case .usage, .ambiguous: return 422
        case .failure, .environment: return 500
        }
    }

    /// The week a page path shows: `/` is this week (nil), `/week-2024-W47` that week;
    /// anything else is not a page (`.none`).
    static func pageWeek(_ path: String) -> String?? {
        if path == "/" { return .some(nil) }
        // The site's own links name week pages `week-2024-W47.html`.
        let week = String(path.dropFirst("/week-".count).prefix { $0 != "." })
        guard path.hasPrefix("/week-"), path == "/week-\(week)" || path == "/week-\(week).html", ISOWeek(canonical: week) != nil else { return nil }
        return .some(week)
    }

    /// The site page a path asks for (`/index.html`, `/review-95.html`, `/page-1a2b.html`,
    /// `/sprints.html`, `/charts.html`): a name looked up in the read model's site map, never a
    /// file; nil for anything else. Week pages are the live board's (`pageWeek`).
    static func sitePageName(_ path: String) -> String? {
        let name = path.dropFirst()
        guard path.hasPrefix("/"), name.hasSuffix(".html"), !name.hasPrefix("week-"),
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }),
              !name.contains("..") else { return nil }
        return String(name)
    }

    /// `path` when it is one of this server's pages (the only places a form may send the
    /// browser back to), else nil.
    static func localPath(_ path: String) -> String? {
        pageWeek(path) != nil || sitePageName(path) != nil ? path : nil
    }

    private func plain(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", text: text)
    }

    private func json(_ status: Int, _ value: JSON) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", text: value.document.serialized() + "\n")
    }

    private func unauthorized(_ request: HTTPRequest) -> HTTPResponse {
        let text = "This board needs its token: open the URL `teamflow serve` printed, or send Authorization: Bearer TOKEN.\n"
        if request.path.hasPrefix("/api/") {
            return json(401, ErrorJSON.object(TeamflowError(.usage, "missing or wrong token"), hints: [text.trimmingCharacters(in: .newlines)]))
        }
        return HTTPResponse(status: 401, contentType: "text/plain; charset=utf-8", text: text, headers: [("WWW-Authenticate", "Bearer")])
    }

    private func methodNotAllowed(_ allowed: String, json isJSON: Bool = false) -> HTTPResponse {
        let message = "only \(allowed) here"
        var response = isJSON ? json(405, ErrorJSON.object(TeamflowError(.usage, message), hints: [])) : plain(405, message + "\n")
        response.headers.append(("Allow", allowed))
        return response
    }
}

/// An API call's JSON body: an object of strings (`{"title": "…", "member": "minsu"}`).
struct APIBody {
    private let fields: [String: String]

    init(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { fields = [:]; return }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw TeamflowError(.usage, "the body is not a JSON object", hints: ["Send {\"title\": \"...\"} with Content-Type: application/json."])
        }
        var fields: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case let text as String: fields[key] = text
            case is NSNull: continue
            default: throw TeamflowError(.usage, "the field '\(key)' must be a string")
            }
        }
        self.fields = fields
    }

    subscript(_ name: String) -> String? { fields[name].flatMap { $0.isEmpty ? nil : $0 } }

    func required(_ name: String) throws -> String {
        guard let value = self[name] else { throw TeamflowError(.usage, "the field '\(name)' is required") }
        return value
    }
}
