import Foundation
import PackagePlugin

/// Embeds the commit and its date into the `teamflow` executable (`teamflow --version`).
///
/// A prebuild command, not a build command: SwiftPM runs it before every build, so the
/// commit is right after a new commit without a clean build (a build command would only rerun
/// when a declared input changed, and `.git` has no single file that says "HEAD moved").
/// `scripts/build-info.sh` rewrites its output only when the text changes, so an unchanged
/// commit recompiles nothing. A prebuild command may not run an executable built from this
/// package, hence the shell script.
@main
struct EmbedBuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        return [
            .prebuildCommand(
                displayName: "Embedding the commit and its date",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    package.appending(path: "scripts/build-info.sh").path,
                    package.path,
                    output.appending(path: "BuildInfo.swift").path,
                ],
                outputFilesDirectory: output
            )
        ]
    }
}
