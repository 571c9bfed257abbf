import Foundation
import TeamflowTestSupport
import XCTest

/// What scripts/install.sh and scripts/package-deb.sh ship, checked on the debug binary:
/// `--version` names the commit it was built from, and the manual pages cover every command,
/// say what `--help` says and render without a groff warning. The slow end-to-end part
/// (release build, install, uninstall, .deb) is scripts/test-install.sh.
final class InstallArtifactsCLITests: XCTestCase {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testVersionNamesTheCommitAndDateItWasBuiltFrom() throws {
        let ws = try Workspace()
        let result = try ws.teamflow("--version")
        XCTAssertEqual(result.code, 0)
        let pattern = #"^teamflow [0-9]+\.[0-9]+\.[0-9]+( \([0-9a-f]{7,40}, [0-9]{4}-[0-9]{2}-[0-9]{2}\))?\n$"#
        XCTAssertNotNil(result.stdout.range(of: pattern, options: .regularExpression), result.stdout)
        // Built from a clone: the commit and date are git's (the build ran after the last commit).
        let package = Self.packageDirectory.path
        guard let top = try? Subprocess.run("/usr/bin/git", ["-c", "safe.directory=*", "rev-parse", "--show-toplevel"], in: package),
            top.code == 0, URL(fileURLWithPath: top.stdout.trimmingCharacters(in: .newlines)).standardizedFileURL.path
                == URL(fileURLWithPath: package).standardizedFileURL.path
        else { throw XCTSkip("not built from a git clone") }
        let head = try Subprocess.run("/usr/bin/git", ["-c", "safe.directory=*", "log", "-1", "--format=%h, %cs"], in: package)
        XCTAssertTrue(result.stdout.hasSuffix(" (\(head.stdout.trimmingCharacters(in: .newlines)))\n"), result.stdout + " vs " + head.stdout)
    }

    /// libmicrohttpd is loaded by `serve` alone (dlopen): the binary does not link it, so no
    /// other command loads it and its TLS libraries, and the package names it in Depends
    /// itself (scripts/package-deb.sh; scripts/test-install.sh checks both on the release build).
    /// libgit2, libyaml and cmark-gfm (and zlib, PCRE2, http-parser) are linked statically, and
    /// the libraries of libgit2's network transports (libssh2 with OpenSSL, GSSAPI with
    /// Kerberos, mbedTLS) not at all: a command loads none of them.
    func testTheBinaryLoadsNeitherLibmicrohttpdNorTheLibrariesLinkedStatically() throws {
        let readelf = ["/usr/bin/readelf", "/bin/readelf"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let readelf else { throw XCTSkip("readelf (binutils) is not installed") }
        let result = try Subprocess.run(readelf, ["--dynamic", CLI.binary.path], in: NSTemporaryDirectory())
        XCTAssertEqual(result.code, 0, result.stderr)
        let needed = result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("libc.so") }, "the needed libraries were read: \(needed)")
        let absent = ["microhttpd", "gnutls", "libgit2", "libssh2", "libcrypto", "gssapi", "krb5", "mbed", "libyaml",
                      "cmark", "libz.so", "pcre2", "http_parser"]
        for library in absent {
            XCTAssertFalse(needed.contains { $0.contains(library) }, "\(library) in \(needed)")
        }
    }

    func testVersionJSONGivesTheSameFields() throws {
        let ws = try Workspace()
        let line = try ws.teamflow("--version").stdout
        for arguments in [["--version", "--json"], ["--json", "--version"]] {
            let result = try Subprocess.run(CLI.binary.path, arguments, in: ws.path, environment: CLI.baseEnvironment)
            XCTAssertEqual(result.code, 0)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(object["name"] as? String, "teamflow")
            let version = try XCTUnwrap(object["version"] as? String)
            var expected = "teamflow \(version)"
            if let commit = object["commit"] as? String, let date = object["date"] as? String {
                expected += " (\(commit), \(date))"
            }
            XCTAssertEqual(expected + "\n", line)
            XCTAssertNotNil(object["describe"], "describe is a field (null when unknown)")
            XCTAssertEqual(object["license"] as? String, "MIT", "the SPDX id of LICENSE")
        }
    }

    /// Top-level command names as `teamflow --help` lists them.
    private func subcommands(ofHelp help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    func testManPagesCoverEveryCommandAndRenderWithoutWarnings() throws {
        let groff = try Self.groff()
        let ws = try Workspace()
        let written = try ws.teamflow("__man", "--out", "man1")
        XCTAssertEqual(written.code, 0, written.stderr)
        let names = ["teamflow"] + subcommands(ofHelp: try ws.teamflow("--help").stdout).map { "teamflow-" + $0 }
        XCTAssertGreaterThan(names.count, 15)
        let files = try FileManager.default.contentsOfDirectory(atPath: ws.path + "/man1").sorted()
        XCTAssertEqual(files, names.map { $0 + ".1" }.sorted())
        XCTAssertEqual(written.stdout.split(separator: "\n").count, names.count)
        for file in files {
            let render = try Subprocess.run(groff, ["-ww", "-man", "-Tutf8", "-z", ws.path + "/man1/" + file], in: ws.path)
            XCTAssertEqual(render.code, 0, file)
            XCTAssertEqual(render.stderr, "", "groff warns about \(file)")
        }
        XCTAssertEqual(try ws.teamflow("__man", "task").stdout, try String(contentsOfFile: ws.path + "/man1/teamflow-task.1", encoding: .utf8))
        let unknown = try ws.teamflow("__man", "nope")
        XCTAssertEqual(unknown.code, 64)
        XCTAssertTrue(unknown.stderr.contains("no manual page for 'nope'"), unknown.stderr)
    }

    /// No drift: every command's overview and examples, as `--help` prints them, are in its page.
    func testManPagesSayWhatHelpSays() throws {
        let groff = try Self.groff()
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("__man", "--out", "man1").code, 0)
        var checked = 0
        for top in [nil] + subcommands(ofHelp: try ws.teamflow("--help").stdout) {
            let page = ws.path + "/man1/" + (top.map { "teamflow-" + $0 } ?? "teamflow") + ".1"
            let rendered = Self.normalized(try Subprocess.run(groff, ["-man", "-Tutf8", "-P-cbou", page], in: ws.path).stdout)
            var paths: [[String]] = [top.map { [$0] } ?? []]
            while let path = paths.popLast() {
                let help = try ws.teamflow(["help"] + path).stdout
                if !path.isEmpty { paths += subcommands(ofHelp: help).map { path + [$0] } }
                for text in Self.overviewAndExamples(of: help) {
                    XCTAssertTrue(rendered.contains(text), "\(page) lacks '\(text)' from help \(path)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 80)
    }

    /// EXIT STATUS on every page; ENVIRONMENT and FILES in full on the tool's page, naming every
    /// variable and file a user should know; `man --warnings` has nothing to say about them.
    func testManPagesStateExitStatusEnvironmentAndFiles() throws {
        let groff = try Self.groff()
        let ws = try Workspace()
        XCTAssertEqual(try ws.teamflow("__man", "--out", "man1").code, 0)
        let root = Self.normalized(try Subprocess.run(groff, ["-man", "-Tutf8", "-P-cbou", "man1/teamflow.1"], in: ws.path).stdout)
        for text in ["EXIT STATUS 0 Success. 1 A failure the user can act on", "64 Wrong usage",
                     "malformed environment setting the command needs (TZ, TEAMFLOW_NOW)"] {
            XCTAssertTrue(root.contains(text), "teamflow(1) lacks '\(text)': \(root)")
        }
        let environment = try XCTUnwrap(root.range(of: "ENVIRONMENT").flatMap { start in
            root.range(of: "FILES", range: start.upperBound..<root.endIndex).map { root[start.upperBound..<$0.lowerBound] }
        }, "no ENVIRONMENT before FILES")
        for variable in ["TEAMFLOW_NOW", "TEAMFLOW_AUTHOR", "TZ", "NO_COLOR", "TERM", "COLUMNS", "TEAMFLOW_PROGRESS_AFTER",
                         "TEAMFLOW_TRACE", "GIT_CEILING_DIRECTORIES"] {
            XCTAssertTrue(environment.contains(variable + " "), "ENVIRONMENT lacks \(variable): \(environment)")
        }
        XCTAssertFalse(environment.contains("TEAMFLOW_TEST_FAULT"), "a test hook, not a setting")
        for path in ["refs/teamflow/events", "teamflow.ref", ".git/teamflow/", ".teamflow/templates/NAME/",
                     "PREFIX/share/teamflow/install-manifest"] {
            XCTAssertTrue(root.contains(path), "FILES lacks \(path)")
        }
        for page in ["teamflow-task.1", "teamflow-sync.1"] {
            let text = Self.normalized(try Subprocess.run(groff, ["-man", "-Tutf8", "-P-cbou", "man1/" + page], in: ws.path).stdout)
            XCTAssertTrue(text.contains("EXIT STATUS 0 Success.") && text.contains("64 Wrong usage"), "\(page): \(text)")
            XCTAssertTrue(text.contains("ENVIRONMENT TEAMFLOW_NOW, TEAMFLOW_AUTHOR, TZ, NO_COLOR, TERM and the others are described in teamflow(1)."), text)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
        for page in ["teamflow.1", "teamflow-task.1"] {
            let man = try Subprocess.run("/usr/bin/man", ["--warnings", "-l", "man1/" + page], in: ws.path,
                                         environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LANG": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat"])
            XCTAssertEqual(man.code, 0, man.stderr)
            XCTAssertEqual(man.stderr, "", "man --warnings on \(page)")
            XCTAssertTrue(man.stdout.contains("EXIT STATUS"), man.stdout)
        }
    }

    /// The OVERVIEW paragraph and each example, whitespace collapsed.
    static func overviewAndExamples(of help: String) -> [String] {
        let sections = help.components(separatedBy: "\n\n")
        var texts = sections.prefix(1).map { normalized(String($0.dropFirst("OVERVIEW: ".count))) }
        if let examples = sections.first(where: { $0.hasPrefix("EXAMPLES:\n") }) {
            // An example starts two spaces in; a wrapped one continues four spaces in.
            let joined = examples.dropFirst("EXAMPLES:\n".count).replacingOccurrences(of: "\n    ", with: " ")
            texts += joined.split(separator: "\n").map { normalized(String($0)) }
        }
        return texts
    }

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{2010}", with: "-").replacingOccurrences(of: "\u{2212}", with: "-")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func groff() throws -> String {
        guard let path = ["/usr/bin/groff", "/usr/local/bin/groff"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw RequiredTool.missing("groff is not installed (scripts/bootstrap.sh installs groff-base)")
        }
        return path
    }
}

/// install.sh's manifest is untrusted input (anyone who can write to the prefix can edit it):
/// scripts/test-install-manifest.sh installs a stub binary into scratch prefixes and attacks
/// the manifest. Run here too, so `swift test` alone catches a regression in seconds.
final class InstallManifestScriptTests: XCTestCase {
    func testUninstallRemovesOnlyWhatItInstalledAndTheHintsPasteSafely() throws {
        let script = InstallArtifactsCLITests.packageDirectory.appendingPathComponent("scripts/test-install-manifest.sh").path
        for tool in ["/bin/bash", "/usr/bin/sha256sum", "/usr/bin/realpath"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is missing")
        }
        let result = try Subprocess.run("/bin/bash", [script], in: NSTemporaryDirectory(),
                                        environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"])
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("test-install-manifest: all checks passed\n"), result.stdout + result.stderr)
    }
}
