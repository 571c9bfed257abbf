public import Foundation

/// A folder beside an output folder where a writer puts every new file before moving it into
/// place, so a killed export leaves nothing half-written and no temporary file inside the
/// output folder (which may be published or committed before anyone cleans it).
///
/// The staging folder is a sibling, `.<name>.teamflow-staging-<pid>-<random>`, on the same file
/// system, so moving a file into place is one `rename`. One left behind by a killed process
/// (its pid no longer running) is removed the next time anything stages for the same folder.
/// When the parent is not writable, the staging folder goes inside the output folder instead
/// (`.teamflow-staging-<pid>-<random>`), swept the same way before the writer reads the folder.
public final class StagingArea {
    /// The staging folder (absolute).
    public let path: String
    private var count = 0
    private var finished = false

    /// Sweeps stale staging folders of `folder` (and the temporary files older versions left
    /// inside it), then creates a fresh staging folder. `folder` must exist.
    public init(for folder: String) throws(StagingError) {
        let folder = PathResolution.resolvedAsFarAsExists(folder)
        Self.sweep(folder)
        let parent = (folder as NSString).deletingLastPathComponent
        let token = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let sibling = parent + "/." + (folder as NSString).lastPathComponent + Self.marker + token
        if mkdir(sibling, 0o700) == 0 {
            path = sibling
            return
        }
        let inside = folder + "/" + Self.marker + token
        guard mkdir(inside, 0o700) == 0 else {
            throw StagingError(path: inside, reason: String(cString: strerror(errno)))
        }
        path = inside
    }

    deinit { discard() }

    /// Writes `data` into the staging folder and returns where it is.
    public func stage(_ data: Data) throws(StagingError) -> String {
        count += 1
        let file = path + "/\(count)"
        try Self.create(file, with: data)
        return file
    }

    /// Creates `file` (never over an existing one) holding `data`, every call checked. Plain
    /// POSIX writes: Foundation's `Data.write` also calls `fsync` on each file, a tenth of a
    /// site export's time, for pages a killed run simply writes again (the staging folder is
    /// what keeps a half-written page out of the output).
    static func create(_ file: String, with data: Data) throws(StagingError) {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw StagingError(path: file, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(file)
            throw StagingError(path: file, reason: String(cString: strerror(failure)))
        }
    }

    /// Moves a staged file to `target` (one `rename`; a copy beside the target then a
    /// `rename` when they are on different file systems).
    public func move(_ staged: String, to target: String) throws(StagingError) {
        if rename(staged, target) == 0 { return }
        let failure = errno
        guard failure == EXDEV else { throw StagingError(path: target, reason: String(cString: strerror(failure))) }
        let beside = (target as NSString).deletingLastPathComponent + "/." + (target as NSString).lastPathComponent + ".teamflow-tmp"
        guard let data = FileManager.default.contents(atPath: staged) else {
            throw StagingError(path: staged, reason: "cannot read the staged file")
        }
        do { try data.write(to: URL(fileURLWithPath: beside)) } catch {
            throw StagingError(path: target, reason: error.localizedDescription)
        }
        guard rename(beside, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(beside)
            throw StagingError(path: target, reason: reason)
        }
        unlink(staged)
    }

    /// Removes the staging folder and whatever is still staged in it.
    public func discard() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(atPath: path)
    }

    static let marker = ".teamflow-staging-"

    /// Removes staging folders of `folder` whose process is gone, and `.*.teamflow-tmp` files
    /// directly inside `folder` and its subfolders one level down (what older versions staged).
    static func sweep(_ folder: String) {
        let fm = FileManager.default
        let parent = (folder as NSString).deletingLastPathComponent
        let siblingPrefix = "." + (folder as NSString).lastPathComponent + marker
        for name in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(siblingPrefix) {
            removeIfAbandoned(parent + "/" + name, token: String(name.dropFirst(siblingPrefix.count)))
        }
        let insidePrefix = marker
        for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            if name.hasPrefix(insidePrefix) {
                removeIfAbandoned(path, token: String(name.dropFirst(insidePrefix.count)))
            } else if isLeftoverTemporary(name), PathResolution.kind(path) == .file {
                unlink(path)
            } else if !name.hasPrefix("."), PathResolution.kind(path) == .folder {
                for inner in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where isLeftoverTemporary(inner) {
                    if PathResolution.kind(path + "/" + inner) == .file { unlink(path + "/" + inner) }
                }
            }
        }
    }

    static func isLeftoverTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".teamflow-tmp")
    }

    /// A staging folder whose pid is not a running process (and is a real folder, not a link).
    private static func removeIfAbandoned(_ path: String, token: String) {
        guard PathResolution.kind(path) == .folder,
              let pid = token.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { return }
        if pid == getpid() { return }
        if kill(pid, 0) == 0 || errno == EPERM { return }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Staging or moving a file failed.
public struct StagingError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot write \(path): \(reason)" }
}
