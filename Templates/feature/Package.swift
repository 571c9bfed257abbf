{% if package %}
// swift-tools-version:5.9
// The {{ name }} feature as a SwiftPM package, written once by `teamflow generate feature {{ name }} --package`
// and yours from then on: add dependencies, platforms and resources here.
import PackageDescription

let package = Package(
    name: "{{ name }}",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "{{ name }}", targets: ["{{ module }}"]),
    ],
    targets: [
        .target(name: "{{ module }}", path: "Sources/{{ name }}"),
        .testTarget(name: "{{ name }}Tests", dependencies: ["{{ module }}"], path: "Tests/{{ name }}Tests"),
    ]
)
{% endif %}
