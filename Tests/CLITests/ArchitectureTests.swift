import Foundation
import XCTest

/// The layering rules of docs/ARCHITECTURE.md, checked on the source text: the executable is
/// thin, only program entry points exit, and Package.swift declares exactly what each target
/// imports.
final class ArchitectureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Modules of the toolchain and the OS, never declared in Package.swift.
    static let systemModules: Set = ["Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "XCTest",
                                     "Testing", "Synchronization", "PackagePlugin"]

    /// Every Swift file below `folder` (relative to the package root) with its text.
    func swiftFiles(_ folder: String) throws -> [(path: String, text: String)] {
        let base = Self.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            (folder + "/" + $0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The lines that are code, not `//` comments.
    func codeLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    /// The modules a file imports (`@testable`, `@_spi(...)`, access-level and scoped imports too).
    /// Only unindented lines count: an indented `import` is text in a string (a Python script).
    func imports(_ text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in codeLines(text) where !(line.first?.isWhitespace ?? true) {
            var words = line.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["internal", "public", "package", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let name = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(words[1])
                ? words[2] : words[1]
            let module = String(name.prefix { $0 != "." })
            if module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { modules.insert(module) }
        }
        return modules
    }

    func testOnlyProgramEntryPointsCallExit() throws {
        let files = try swiftFiles("Sources")
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        var offenders: [String] = []
        for file in files where codeLines(file.text).contains(where: { $0.contains("exit(") }) {
            let isEntryPoint = file.path.hasSuffix("/main.swift") || file.text.contains("@main")
            // In the teamflow executable only main.swift ends the process; handlers throw.
            if !isEntryPoint || (file.path.hasPrefix("Sources/teamflow/") && file.path != "Sources/teamflow/main.swift") {
                offenders.append(file.path)
            }
        }
        XCTAssertEqual(offenders, [], "exit( outside a program's entry point")
    }

    func testTheExecutableImportsNoGitYAMLOrCShim() throws {
        let files = try swiftFiles("Sources/teamflow")
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let forbidden = imports(file.text).intersection(["Git", "YAML", "CGit2", "CYAML", "CCMark", "CMHD"])
            XCTAssertEqual(forbidden, [], file.path)
        }
    }

    /// `module` (a C shim) is imported by `path` alone, and there with `internal import`, so no
    /// C type leaves the module that wraps it.
    private func assertOnly(_ path: String, imports module: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let files = try swiftFiles("Sources") + swiftFiles("Tests")
        let importers = files.filter { imports($0.text).contains(module) }.map(\.path)
        XCTAssertEqual(importers, [path], file: file, line: line)
        let text = try XCTUnwrap(files.first { $0.path == path }?.text, file: file, line: line)
        XCTAssertTrue(text.split(separator: "\n").contains("internal import \(module)"), "\(path) imports \(module) internally",
                      file: file, line: line)
    }

    /// The heap set-up (mallopt, sbrk, madvise) is reached from one file of the executable; no
    /// library module sets the process's allocator.
    func testOnlyTheExecutablesHeapPolicyFileImportsTheHeapShim() throws {
        try assertOnly("Sources/teamflow/Support/HeapPolicy.swift", imports: "CHeapPolicy")
    }

    /// libmicrohttpd is reached from one file: no C type leaves WebBoard.
    func testOnlyTheBoardsServerFileImportsLibmicrohttpd() throws {
        try assertOnly("Sources/WebBoard/MHDServer.swift", imports: "CMHD")
    }

    /// The stand-ins for libgit2's network transports are reached from one file of Git (its
    /// start-up and the counters tests read).
    func testOnlyLibgit2sSetupFileImportsTheTransportStandIns() throws {
        try assertOnly("Sources/Git/Libgit2.swift", imports: "CGit2Local")
    }

    /// libcmark-gfm is reached from one file: no C type leaves Site.
    func testOnlyTheSitesCMarkFileImportsLibcmarkGfm() throws {
        try assertOnly("Sources/Site/CMark.swift", imports: "CCMark")
    }

    func testPackageDeclaresExactlyWhatEachTargetImports() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.declaredTargets(manifest)
        XCTAssertGreaterThan(targets.count, 15, "the targets were parsed: \(targets.map(\.name))")
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        for target in targets {
            var folder = (target.kind == "testTarget" ? "Tests/" : "Sources/") + target.name
            // A support library kept beside the tests (`path: "Tests/…"`).
            if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(folder).path) {
                folder = "Tests/" + target.name
            }
            let imported = try swiftFiles(folder).reduce(into: Set<String>()) { $0.formUnion(imports($1.text)) }
                .subtracting(Self.systemModules)
            // A test may depend on an executable only to have it built (CLITests run the binary),
            // or import it too (to walk its command tree).
            let declared = Set(target.dependencies).subtracting(target.kind == "testTarget" ? executables.subtracting(imported) : [])
            XCTAssertEqual(imported.sorted(), declared.sorted(), "\(target.name): imports vs Package.swift dependencies")
        }
    }

    /// (kind, name, dependencies) of every `.target`, `.executableTarget` and `.testTarget`.
    static func declaredTargets(_ manifest: String) -> [(kind: String, name: String, dependencies: [String])] {
        var result: [(String, String, [String])] = []
        let pattern = #"\.(target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let text = manifest as NSString
        for match in regex.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let kind = text.substring(with: match.range(at: 1))
            let name = text.substring(with: match.range(at: 2))
            let list = match.range(at: 3).location == NSNotFound ? "" : text.substring(with: match.range(at: 3))
            let dependencies = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }
                .filter { !$0.isEmpty }
            result.append((kind, name, dependencies))
        }
        return result
    }
}
