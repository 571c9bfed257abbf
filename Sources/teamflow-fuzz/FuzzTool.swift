// teamflow-fuzz: fuzz targets for every parser teamflow reads files with (docs/FUZZING.md).
//
// A normal build is a replayer: `teamflow-fuzz replay TARGET FILE|DIR...` runs inputs through
// a target, so the checked-in corpus (Fuzz/corpus/<target>/) is a regression test.
// Built by scripts/fuzz.sh with `-DFUZZING -sanitize=fuzzer,address`, it is a libFuzzer
// binary fuzzing the target named by TEAMFLOW_FUZZ_TARGET; all other arguments are libFuzzer's.
import Foundation
#if FUZZING
import CLibFuzzer
#endif

@main
enum FuzzTool {
    static func main() {
        #if FUZZING
        fuzz()
        #else
        exit(command(Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    static let usage = """
        usage: teamflow-fuzz list
               teamflow-fuzz replay TARGET FILE|DIR...   run inputs through one target
               teamflow-fuzz replay-all CORPUS            run CORPUS/<target>/ through each target
        """

    static func command(_ arguments: [String]) -> Int32 {
        switch arguments.first {
        case "list":
            for target in FuzzTarget.all { print("\(target.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(target.summary)") }
            return 0
        case "replay" where arguments.count >= 3:
            guard let target = FuzzTarget.named(arguments[1]) else { return unknown(arguments[1]) }
            return replay(target, paths: Array(arguments.dropFirst(2)))
        case "replay-all" where arguments.count == 2:
            let root = URL(fileURLWithPath: arguments[1])
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.sorted() ?? []
            guard !folders.isEmpty else {
                printError("teamflow-fuzz: no corpus folders in \(root.path)")
                return 1
            }
            for folder in folders {
                guard let target = FuzzTarget.named(folder) else { return unknown(folder) }
                let status = replay(target, paths: [root.appendingPathComponent(folder).path])
                if status != 0 { return status }
            }
            return 0
        default:
            printError(usage)
            return 64
        }
    }

    /// Runs every file under `paths` through `target`; a crash ends the process (that is the finding).
    static func replay(_ target: FuzzTarget, paths: [String]) -> Int32 {
        var files: [String] = []
        for path in paths {
            guard let found = inputFiles(path) else {
                printError("teamflow-fuzz: cannot read \(path)")
                return 1
            }
            files += found
        }
        let start = Date()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                printError("teamflow-fuzz: cannot read \(file)")
                return 1
            }
            target.run([UInt8](data))
        }
        let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
        print("\(target.name): \(files.count) inputs replayed in \(milliseconds) ms")
        return 0
    }

    /// The file itself, or every regular file below a folder (dot files skipped), sorted.
    static func inputFiles(_ path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return nil }
        var files: [String] = []
        for case let relative as String in walker {
            let full = (path as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            let name = (relative as NSString).lastPathComponent
            guard !name.hasPrefix("."), FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files.append(full)
        }
        return files.sorted()
    }

    static func unknown(_ name: String) -> Int32 {
        printError("teamflow-fuzz: unknown target '\(name)'; targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
        return 64
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    #if FUZZING
    /// The target the libFuzzer callback drives; set once before the driver starts.
    nonisolated(unsafe) static var selected: FuzzTarget?

    /// Hands the process to libFuzzer's driver, which reads its own flags from the command line.
    static func fuzz() -> Never {
        let name = ProcessInfo.processInfo.environment["TEAMFLOW_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget.named(name) else {
            _ = unknown(name)
            printError("set TEAMFLOW_FUZZ_TARGET to one of them; the arguments are libFuzzer's")
            exit(64)
        }
        selected = target
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzTool.selected?.run(Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        })
    }
    #endif
}
