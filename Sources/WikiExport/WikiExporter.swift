public import Foundation
public import Insights
public import TeamflowCore
public import Templates

/// One exported page: its file name (`Week-2024-W47.md`) and its Markdown.
public struct WikiFile: Sendable, Equatable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// Renders the retrospective wiki (SPEC section 5) from a derived state: `Home.md`,
/// `_Sidebar.md`, a page per week with data, per review, per project and per wiki page.
///
/// Layouts are Stencil templates: the built-ins in `WikiTemplates/` (embedded), each
/// overridable by a file of the same name in `overrides` (a repository's
/// `.teamflow/templates/wiki/`, read as a ``TemplateFolder``: never through a symlink, never
/// from `.git`, since a teammate's layout could otherwise publish CI secrets). The output
/// depends only on the state: the same events give byte-identical pages.
public struct WikiExporter: Sendable {
    /// The layouts a wiki is made of, by file name.
    public static let layouts = ["home.md", "sidebar.md", "week.md", "review.md", "project.md", "page.md"]

    /// Where a repository keeps its layouts, relative to its work tree.
    public static let overridesPath = ".teamflow/templates/wiki"

    public let language: WikiLanguage
    /// The team's zone for every time shown (comments); nil shows each as written, with its offset.
    public let timeZone: TimeZone?
    /// The team's name when none was recorded with `init --team` (the repository's folder name).
    public let teamFallback: String?
    private let environment: TemplateEnvironment

    /// The layout folder of the work tree `workTree`, which it must stay inside.
    public static func overrides(inWorkTree workTree: String) -> TemplateFolder {
        TemplateFolder(root: (workTree as NSString).appendingPathComponent(overridesPath), boundary: workTree,
                       displayRoot: overridesPath)
    }

    /// - Parameter overrides: a folder whose files replace built-in layouts of the same name.
    public init(language: WikiLanguage = .en, overrides: TemplateFolder? = nil, timeZone: TimeZone? = nil,
                teamFallback: String? = nil) {
        self.language = language
        self.timeZone = timeZone
        self.teamFallback = teamFallback
        environment = TemplateEnvironment(loader: WikiLayoutLoader(overrides: overrides), trimBehaviour: .smart)
    }

    /// The built-in layouts: name and text (for `eject`-style copying and for tests).
    public static var builtInLayouts: [(name: String, text: String)] {
        EmbeddedTemplates.files.filter { layouts.contains($0.path) }.map { ($0.path, $0.contents) }
    }

    /// Every page, sorted by file name; with `charts`, also `charts/*.svg` embedded on Home and
    /// the week pages (see `WikiCharts`).
    public func render(_ state: TeamState, charts: WikiCharts = .none) throws -> [WikiFile] {
        let site = WikiSite(state: state)
        let context = WikiContext(site: site, labels: language.labels, language: language, timeZone: timeZone,
                                  teamFallback: teamFallback)
        let base = context.base()
        var templates: [String: Template] = [:]
        for layout in WikiExporter.layouts {
            do {
                templates[layout] = try environment.loadTemplate(named: layout)
            } catch {
                throw TeamflowError(.failure, "cannot load wiki layout \(layout): \(error)",
                                    hints: ["Fix or remove .teamflow/templates/wiki/\(layout) to use the built-in layout."])
            }
        }
        func page(_ name: String, _ layout: String, _ extra: [String: TemplateValue]) throws -> WikiFile {
            guard let template = templates[layout] else { throw TeamflowError(.failure, "missing wiki layout \(layout)") }
            let text: String
            do {
                text = try template.render(context: base.merging(extra) { $1 }.merging(["pageName": .string(name)]) { $1 })
            } catch {
                throw TeamflowError(.failure, "cannot render \(name).md with layout \(layout): \(error)")
            }
            return WikiFile(name: name + ".md", contents: WikiExporter.finished(text))
        }
        var files = [try page(WikiSite.home, "home.md", [:]), try page(WikiSite.sidebar, "sidebar.md", [:])]
        for week in site.weeks {
            guard let name = site.weekNames[week] else { continue }
            files.append(try page(name, "week.md", ["week": context.week(week)]))
        }
        for review in site.reviews {
            guard let name = site.reviewNames[review.id] else { continue }
            files.append(try page(name, "review.md", ["review": context.review(review)]))
        }
        for project in site.projects {
            guard let name = site.projectNames[project.id] else { continue }
            files.append(try page(name, "project.md", ["project": context.project(project)]))
        }
        for wikiPage in site.pages {
            guard let name = site.pageNames[wikiPage.id] else { continue }
            files.append(try page(name, "page.md", ["page": context.page(wikiPage)]))
        }
        files.sort { $0.name < $1.name }
        return charts.isEmpty ? files : ChartEmbedding(site: site, charts: charts, language: language).apply(to: files)
    }

    /// Ends a page with exactly one newline.
    static func finished(_ text: String) -> String {
        var out = text
        while let last = out.last, last == "\n" || last == " " || last == "\t" || last == "\r\n" { out.removeLast() }
        return out + "\n"
    }
}

/// Layouts from the override folder first, then the embedded built-ins.
struct WikiLayoutLoader: TemplateLoader {
    let overrides: TemplateFolder?
    let builtIns: [String: String]

    init(overrides: TemplateFolder?) {
        self.overrides = overrides
        builtIns = Dictionary(EmbeddedTemplates.files.map { ($0.path, $0.contents) }) { first, _ in first }
    }

    func loadTemplate(named name: String) throws -> String? {
        // A refused override throws: falling back to the built-in would hide the refusal.
        if let text = try overrides?.read(name) { return text }
        return builtIns[name]
    }
}
