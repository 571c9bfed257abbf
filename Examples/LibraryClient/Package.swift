// swift-tools-version:6.0
// An example client of teamflow's library: a package of its own that depends on teamflow by
// path and uses only the TeamflowKit product, as another project would by version
// (docs/LIBRARY.md). scripts/test-example.sh builds it and checks what it prints.
import PackageDescription

let package = Package(
    name: "LibraryClient",
    dependencies: [
        // Another project writes `.package(url: "https://github.com/<owner>/teamflow.git", from: "0.5.0")`.
        .package(name: "teamflow", path: "../.."),
    ],
    targets: [
        // Opens a repository, records a goal and a task, checks the task, prints the week.
        .executableTarget(
            name: "LibraryClient",
            dependencies: [.product(name: "TeamflowKit", package: "teamflow")]
        ),
    ]
)
