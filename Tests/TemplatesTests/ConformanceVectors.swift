import Foundation

/// Where the Stencil conformance vectors are: the contract's copy beside the checkout
/// (`../shared/conformance/stencil/cases.json`) when it is there, else the copy vendored in
/// `Fixtures/` so that CI, which has only this repository, runs all 533 of them too.
enum ConformanceVectors {
    static var url: URL {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let shared = tests.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/conformance/stencil/cases.json").standardizedFileURL
        if FileManager.default.fileExists(atPath: shared.path) { return shared }
        return tests.appendingPathComponent("Fixtures/stencil-cases.json")
    }

    /// The vectors of StencilSwiftKit's tags (`set`, `macro`/`call`, `map`, `import`) and number
    /// filters, derived from its tests and sources (each case names its `source`); kept here only.
    static var swiftKitURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/stencilswiftkit-cases.json")
    }
}
