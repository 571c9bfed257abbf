public import Foundation
public import TeamflowCore

/// What `gh pr view N --json number,title,body,author,url,headRefName,createdAt,comments,reviews`
/// prints, read with `JSONReader`. Malformed input names the field.
///
/// Line ends in the body, comments and reviews are normalised to `\n` (GitHub stores text
/// typed in a browser with CRLF); a review keeps its state (`approved`, `changes_requested`, ...).
public struct GitHubPullRequest: Sendable, Equatable {
    public var number: Int
    public var title: String
    public var body: String
    public var author: String
    public var url: String?
    public var branch: String?
    public var createdAt: String?
    /// gh's `state`, lowercased (`open`, `merged`, `closed`), and `mergedAt`; nil when not asked for.
    public var state: String?
    public var mergedAt: String?
    /// Comments and review summaries, oldest first (reviews with neither text nor state are left out).
    public var comments: [Comment]
    /// One comment or review summary with its author and time: the same value `review add`
    /// records (a review's state is gh's, lowercased: `approved`, `changes_requested`, ...).
    public typealias Comment = ReviewUseCases.NewReview.Comment

    /// Parses gh's JSON; throws `.failure` naming the missing or malformed field.
    public init(json data: Data) throws {
        let root: JSONValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw GitHubPullRequest.malformed("the file is not JSON (\(error))")
        }
        guard let object = root.object else { throw GitHubPullRequest.malformed("the top level is not an object") }
        try self.init(object: object)
    }

    /// The PRs of `gh pr list --json …` (a list of what `pr view` prints for one).
    public static func list(json data: Data) throws -> [GitHubPullRequest] {
        let root: JSONValue
        do {
            root = try JSONReader.parse(data)
        } catch {
            throw GitHubPullRequest.malformed("the file is not JSON (\(error))")
        }
        guard let items = root.array else { throw GitHubPullRequest.malformed("the top level is not a list") }
        return try items.enumerated().map { index, item in
            guard let object = item.object else { throw GitHubPullRequest.malformed("item \(index) is not an object") }
            return try GitHubPullRequest(object: object)
        }
    }

    /// One PR from its JSON object.
    init(object: JSONObject) throws {
        guard let number = GitHubPullRequest.integer(object["number"]), number > 0 else {
            throw GitHubPullRequest.malformed("field 'number' is missing or not a positive integer")
        }
        guard let title = object["title"]?.string else { throw GitHubPullRequest.malformed("field 'title' is missing or not a string") }
        self.number = number
        self.title = title
        body = Markdown.normalizingLineEnds(try GitHubPullRequest.optionalString(object, "body") ?? "")
        author = try GitHubPullRequest.login(object["author"], field: "author") ?? "ghost"
        url = try GitHubPullRequest.optionalString(object, "url")
        branch = try GitHubPullRequest.optionalString(object, "headRefName")
        createdAt = try GitHubPullRequest.optionalString(object, "createdAt")
        state = try GitHubPullRequest.optionalString(object, "state").map { $0.trimmingSpaces.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        mergedAt = try GitHubPullRequest.optionalString(object, "mergedAt").flatMap { $0.isEmpty ? nil : $0 }
        var comments: [Comment] = []
        for (index, item) in try GitHubPullRequest.list(object, "comments").enumerated() {
            let field = "comments[\(index)]"
            guard let text = item["body"]?.string else { throw GitHubPullRequest.malformed("field '\(field).body' is missing or not a string") }
            comments.append(Comment(author: try GitHubPullRequest.login(item["author"], field: "\(field).author") ?? "ghost",
                                    text: Markdown.normalizingLineEnds(text),
                                    at: try GitHubPullRequest.optionalString(item, "createdAt", field: field),
                                    github: try GitHubPullRequest.id(item, field: field)))
        }
        for (index, item) in try GitHubPullRequest.list(object, "reviews").enumerated() {
            let field = "reviews[\(index)]"
            let body = Markdown.normalizingLineEnds(try GitHubPullRequest.optionalString(item, "body", field: field) ?? "")
            let state = (try GitHubPullRequest.optionalString(item, "state", field: field) ?? "").trimmingSpaces.lowercased()
            // A review with no text keeps its state's words as the text, so readers that do not
            // know `state` still show what it was.
            let text = body.trimmingSpaces.isEmpty ? ReviewComment.words(forState: state) : body
            guard !text.isEmpty else { continue }
            comments.append(Comment(author: try GitHubPullRequest.login(item["author"], field: "\(field).author") ?? "ghost",
                                    text: text, at: try GitHubPullRequest.optionalString(item, "submittedAt", field: field),
                                    state: state.isEmpty ? nil : state, github: try GitHubPullRequest.id(item, field: field)))
        }
        // Stable sort by time: comments without a time keep their place at the end.
        self.comments = comments.enumerated().sorted { a, b in
            (a.element.at ?? "\u{10FFFF}", a.offset) < (b.element.at ?? "\u{10FFFF}", b.offset)
        }.map(\.element)
    }

    static func malformed(_ what: String) -> TeamflowError {
        TeamflowError(.failure, "malformed gh JSON: \(what)",
                      hints: ["Make it with: gh pr view N --json number,title,body,author,url,headRefName,createdAt,comments,reviews > pr.json"])
    }

    /// A number with an integral value below 10^15 (`95`, `95.0`, `9.5e1`); booleans are not numbers.
    static func integer(_ value: JSONValue?) -> Int? {
        guard let double = value?.double, double == double.rounded(), abs(double) < 1e15 else { return nil }
        return Int(double)
    }

    static func optionalString(_ object: JSONObject, _ key: String, field: String? = nil) throws -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.string else {
            throw malformed("field '\(field.map { "\($0)." } ?? "")\(key)' is not a string")
        }
        return text
    }

    /// A comment's or review's id: gh prints a node id string; a number is kept as its digits.
    static func id(_ object: JSONObject, field: String) throws -> String? {
        guard let value = object["id"], !value.isNull else { return nil }
        if let text = value.string { return text.isEmpty ? nil : text }
        if let number = integer(value) { return String(number) }
        throw malformed("field '\(field).id' is not a string")
    }

    static func login(_ value: JSONValue?, field: String) throws -> String? {
        guard let value, !value.isNull else { return nil }
        guard let object = value.object else { throw malformed("field '\(field)' is not an object") }
        guard let login = object["login"]?.string else { throw malformed("field '\(field).login' is missing or not a string") }
        return login
    }

    static func list(_ object: JSONObject, _ key: String) throws -> [JSONObject] {
        guard let value = object[key], !value.isNull else { return [] }
        guard let items = value.array else { throw malformed("field '\(key)' is not a list") }
        return try items.enumerated().map { index, item in
            guard let map = item.object else { throw malformed("field '\(key)[\(index)]' is not an object") }
            return map
        }
    }
}
