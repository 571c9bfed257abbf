import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real `git daemon` on 127.0.0.1 serving bare repositories under a temp folder, with
/// receive-pack enabled so clones can push. Started by a test and stopped in `stop()`.
final class GitDaemon: @unchecked Sendable {
    let base: String
    let port: Int
    private let process: Process

    init() throws {
        base = NSTemporaryDirectory() + "teamflow-daemon-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        port = try GitDaemon.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["daemon", "--reuseaddr", "--export-all", "--enable=receive-pack", "--base-path=\(base)",
                             "--listen=127.0.0.1", "--port=\(port)", base]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitUntilAccepting()
    }

    deinit { stop() }

    /// Creates a bare repository served as `git://127.0.0.1:<port>/<name>`.
    func makeRepository(_ name: String) throws -> String {
        let path = base + "/" + name
        try runGit(["init", "-q", "--bare", path], in: base)
        return "git://127.0.0.1:\(port)/\(name)"
    }

    func path(of name: String) -> String { base + "/" + name }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Binds port 0 to let the kernel pick a free port, then releases it for the daemon.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw NSError(domain: "GitDaemon", code: 1) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard bound == 0 else { throw NSError(domain: "GitDaemon", code: 2) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Polls with connect() until the daemon listens (at most about 10 s).
    private func waitUntilAccepting() throws {
        for _ in 0..<200 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if connected == 0 { return }
            guard process.isRunning else { break }
            usleep(50_000)
        }
        throw NSError(domain: "GitDaemon", code: 3, userInfo: [NSLocalizedDescriptionKey: "git daemon did not start on port \(port)"])
    }
}
