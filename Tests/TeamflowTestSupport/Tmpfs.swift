import Foundation
import XCTest

/// A small tmpfs mounted for one test (root only; the test is skipped elsewhere), unmounted
/// when done: a real full disk for the write-fault tests.
public final class Tmpfs {
    public let path: String

    public init(sizeKiB: Int) throws {
        path = NSTemporaryDirectory() + "teamflow-tmpfs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = Tmpfs.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k", "tmpfs", path])
        guard mount.code == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw XCTSkip("cannot mount a tmpfs here (root needed): \(mount.stderr)")
        }
    }

    deinit {
        _ = Tmpfs.run("/bin/umount", ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private var fillPath: String { path + "/.fill" }

    /// Fills the disk so that about `kib` KiB stay free.
    public func fill(leavingKiB kib: Int) throws {
        try unfill()
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw XCTSkip("statvfs failed") }
        let free = Int(info.f_bavail) * Int(info.f_frsize) / 1024
        let size = max(0, free - kib)
        let fd = open(fillPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let block = [UInt8](repeating: 0, count: 1024)
        for _ in 0..<size where block.withUnsafeBytes({ write(fd, $0.baseAddress, 1024) }) == 1024 {}
    }

    public func unfill() throws {
        if FileManager.default.fileExists(atPath: fillPath) { try FileManager.default.removeItem(atPath: fillPath) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> (code: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(error)") }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
