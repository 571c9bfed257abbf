// swift-tools-version:6.2
// teamflow: a team's working life as YAML events in its own git repository,
// plus iOS architecture scaffolding from Stencil-syntax templates.
//
// Layers (see docs/ARCHITECTURE.md):
//   C shims (CGit2, CYAML, CCMark; libraries linked statically)
//   -> small libraries (YAML, Git, Templates, ArgumentParsing)
//   -> domain (TeamflowCore: events, state, use cases; no git, no YAML, no unsafe pointers)
//   -> beside the domain (StateSnapshot: the cache's binary codec and lazy tables;
//      Importers: gh JSON, PR bodies, weekly pages)
//   -> adapters (TeamflowGit: the event store on a git ref; Scaffolding: generators)
//   -> thin executable (teamflow), and the facade for other programs (TeamflowKit)
//
// Two products: the `teamflow` command and the `TeamflowKit` library. Every other target is
// internal to this package (docs/LIBRARY.md lists which modules TeamflowKit re-exports).
import PackageDescription

/// Rules the compiler holds for every library module: an import is internal unless a file says
/// `public import` (so a module's dependencies do not leak into its clients' API), and an
/// existential is spelt `any P`. Swift 6 language mode already checks concurrency completely.
let libraryRules: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "teamflow",
    products: [
        .executable(name: "teamflow", targets: ["teamflow"]),
        .library(name: "TeamflowKit", targets: ["TeamflowKit"]),
    ],
    targets: [
        // C shims: headers of Debian's libgit2-dev, libyaml-dev, libcmark-gfm-dev and
        // libcmark-gfm-extensions-dev. The libraries are linked from their static archives by the
        // targets that use them (below: CGit2Local, YAML, Site), not by these module maps: every
        // shared object a command loads costs it start-up time (libgit2's alone pulled in 15,
        // OpenSSL and Kerberos among them: 2-4 ms of every command). See docs/ARCHITECTURE.md.
        .systemLibrary(name: "CGit2"),
        .systemLibrary(name: "CYAML"),
        // GitHub's Markdown renderer for the site (the core library and its extensions).
        .systemLibrary(name: "CCMark"),
        // GNU libmicrohttpd for `teamflow serve`, loaded with dlopen when a server starts, not
        // linked (every other command would load it and its TLS libraries): Debian's
        // libmicrohttpd-dev for the header at build time, libmicrohttpd12 at run time. The C
        // shim owns the handle and wraps the calls Swift cannot make (variadic, unions).
        .target(name: "CMHD"),
        // libFuzzer's driver entry point, declared only: used when teamflow-fuzz is built for
        // fuzzing (scripts/fuzz.sh); the toolchain's `-sanitize=fuzzer` supplies it.
        .systemLibrary(name: "CLibFuzzer"),

        // Small focused libraries.
        // RFC 3339 and proleptic Gregorian day arithmetic: the one implementation (domain and YAML).
        .target(name: "Timestamps", swiftSettings: libraryRules),
        .target(name: "YAML", dependencies: ["CYAML", "Timestamps"], swiftSettings: libraryRules,
                linkerSettings: [.linkedLibrary(":libyaml.a")]),
        // libgit2 for local repositories: Debian's libgit2.a and what it needs (zlib, PCRE2,
        // http-parser, mbedTLS's SHA-256), linked statically in this order; the entry points of
        // the libraries behind its network transports (libssh2, GSSAPI, mbedTLS's TLS and X.509)
        // are defined in transports_absent.c, which refuses every connection. Fetch and push run
        // the git command. The archives are position-independent (Debian builds them so).
        .target(name: "CGit2Local",
                linkerSettings: [.linkedLibrary(":libgit2.a"), .linkedLibrary(":libpcre2-8.a"),
                                 .linkedLibrary(":libhttp_parser.a"), .linkedLibrary(":libmbedcrypto.a"),
                                 .linkedLibrary(":libz.a")]),
        // The executable's heap set up for a one-shot command (huge pages, no trim): heap_policy.c.
        .target(name: "CHeapPolicy"),
        .target(name: "Git", dependencies: ["CGit2", "CGit2Local"], swiftSettings: libraryRules),
        .target(name: "Templates", dependencies: ["YAML"], swiftSettings: libraryRules),
        .target(name: "ArgumentParsing", swiftSettings: libraryRules),
        // Velocity and burndown charts (terminal text and SVG) from plain series; no domain knowledge.
        .target(name: "Charts", swiftSettings: libraryRules),
        // The one write rule (never into .git, never out of the folder, no link followed) and
        // staging outside the output folder: every writer (scaffolding, wiki, site) goes through it.
        .target(name: "OutputFiles", swiftSettings: libraryRules),

        // Domain and adapters.
        .target(name: "TeamflowCore", dependencies: ["Timestamps"], swiftSettings: libraryRules),
        // The CLI's `--json` shapes (the `JSON` value and one encoder per entity): the command line
        // and the web board's API print the same documents.
        .target(name: "JSONShapes", dependencies: ["TeamflowCore"], swiftSettings: libraryRules),
        // The state cache's binary format and the lazily decoded tables behind `EntityStorage`.
        .target(name: "StateSnapshot", dependencies: ["TeamflowCore"], swiftSettings: libraryRules),
        // Parsers of what teams bring in (gh's PR JSON, PR bodies, weekly pages) and their use cases.
        .target(name: "Importers", dependencies: ["TeamflowCore"], swiftSettings: libraryRules),
        // Velocity and burndown series derived from the cached state.
        .target(name: "Insights", dependencies: ["TeamflowCore", "Charts"], swiftSettings: libraryRules),
        .target(name: "TeamflowGit", dependencies: ["TeamflowCore", "StateSnapshot", "YAML", "Git"], swiftSettings: libraryRules),
        .target(
            name: "Scaffolding",
            dependencies: ["Templates", "YAML", "OutputFiles"],
            swiftSettings: libraryRules,
            plugins: ["EmbedTemplates"]
        ),
        // The retrospective wiki: pages rendered from layouts in WikiTemplates/ (embedded).
        .target(
            name: "WikiExport",
            dependencies: ["TeamflowCore", "Templates", "Git", "Charts", "Insights", "OutputFiles"],
            swiftSettings: libraryRules,
            plugins: ["EmbedTemplates"]
        ),
        // The static team dashboard (`teamflow site`): HTML pages, one stylesheet, SVG charts.
        .target(name: "Site", dependencies: ["TeamflowCore", "Charts", "Insights", "OutputFiles", "CCMark"], swiftSettings: libraryRules,
                linkerSettings: [.linkedLibrary(":libcmark-gfm-extensions.a"), .linkedLibrary(":libcmark-gfm.a")]),

        // The library product: `Team` (open a repository, write, read the week board, export,
        // sync) and the re-exported public modules; `TeamEnvironment` comes with TeamflowGit.
        .target(
            name: "TeamflowKit",
            dependencies: ["TeamflowCore", "TeamflowGit", "Importers", "Insights", "Charts", "WikiExport", "Site",
                           "Scaffolding", "Templates", "OutputFiles"],
            swiftSettings: libraryRules
        ),

        // The live web board (`teamflow serve`): an HTTP server on libmicrohttpd (the C calls
        // confined to MHDServer.swift), routing, sessions, the board's pages and the JSON API.
        .target(name: "WebBoard", dependencies: ["CMHD", "TeamflowKit", "Site", "JSONShapes"], swiftSettings: libraryRules),

        // Executables.
        .executableTarget(
            name: "teamflow",
            dependencies: ["ArgumentParsing", "TeamflowCore", "Importers", "TeamflowGit", "Scaffolding", "WikiExport",
                           "Templates", "Site", "Insights", "Charts", "JSONShapes", "TeamflowKit", "WebBoard", "CHeapPolicy"],
            // Relative relocations packed (DT_RELR, glibc 2.36): the static Swift runtime makes
            // ~118,000 of them, applied at every start. The toolchain's default linker (gold)
            // does not know the option; its lld does.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                                          .when(platforms: [.linux]))],
            plugins: ["EmbedBuildInfo"]
        ),
        .executableTarget(name: "teamflow-bench", dependencies: ["TeamflowCore", "StateSnapshot", "TeamflowGit", "YAML", "Git"]),
        // Fuzz targets for every parser (docs/FUZZING.md): a corpus replayer in a normal build,
        // a libFuzzer binary when built with -DFUZZING -sanitize=fuzzer,address.
        .executableTarget(
            name: "teamflow-fuzz",
            dependencies: ["CLibFuzzer", "YAML", "TeamflowCore", "Importers", "TeamflowGit", "Templates", "Scaffolding"]
        ),

        // Build-time embedding of Templates/ (into Scaffolding) and WikiTemplates/ (into WikiExport).
        .executableTarget(name: "embed-templates"),
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["embed-templates"]),
        // The commit and its date for `teamflow --version` (scripts/build-info.sh, before every build).
        .plugin(name: "EmbedBuildInfo", capability: .buildTool()),

        // Tests mirror the modules; CLITests run the built binary end to end.
        .testTarget(name: "TimestampsTests", dependencies: ["Timestamps"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TeamflowTestSupport"]),
        .testTarget(name: "GitTests", dependencies: ["Git"]),
        .testTarget(name: "TemplatesTests", dependencies: ["Templates"], exclude: ["Fixtures"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "TeamflowTestSupport"]),
        .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles"]),
        // The use-case fixture shared by the test targets below (test targets cannot share files).
        .target(name: "TeamflowTestSupport", dependencies: ["TeamflowCore"], path: "Tests/TeamflowTestSupport"),
        .testTarget(name: "TeamflowCoreTests", dependencies: ["TeamflowCore", "TeamflowTestSupport"]),
        .testTarget(name: "StateSnapshotTests", dependencies: ["StateSnapshot", "TeamflowCore", "TeamflowTestSupport"]),
        .testTarget(name: "ImportersTests", dependencies: ["Importers", "TeamflowCore", "TeamflowTestSupport"]),
        .testTarget(name: "InsightsTests", dependencies: ["Insights", "Charts", "TeamflowCore", "TeamflowTestSupport"]),
        .testTarget(name: "TeamflowGitTests", dependencies: ["TeamflowGit", "TeamflowCore", "YAML", "Git", "TeamflowTestSupport"]),
        .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding", "Templates", "TeamflowTestSupport"]),
        .testTarget(name: "WikiExportTests", dependencies: ["WikiExport", "TeamflowCore", "Importers", "Templates", "Charts", "TeamflowTestSupport"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "TeamflowCore", "Charts", "TeamflowTestSupport"]),
        // The web board against a real server on a free port; browser tests through Selenium.
        .testTarget(name: "WebBoardTests", dependencies: ["WebBoard", "TeamflowKit", "TeamflowTestSupport"]),
        // The `--json` encoder read back by Foundation's JSON reader.
        .testTarget(name: "JSONShapesTests", dependencies: ["JSONShapes", "TeamflowTestSupport"]),
        // The facade as a client sees it: only `import TeamflowKit`.
        .testTarget(name: "TeamflowKitTests", dependencies: ["TeamflowKit"]),
        // CLITests run the built binary end to end; one walks its command tree (`@testable import teamflow`),
        // one compares the list writer's escaping with TeamflowCore's `TerminalText`.
        .testTarget(name: "CLITests", dependencies: ["teamflow", "ArgumentParsing", "TeamflowCore", "TeamflowTestSupport"],
                    exclude: ["Fixtures"]),
        // Replays the checked-in fuzz corpus (Fuzz/corpus) through every target.
        .testTarget(name: "FuzzCorpusTests", dependencies: ["teamflow-fuzz"]),
    ]
)
