import Foundation

/// The POSIX calls behind ``TemplateFolder``. Entries are inspected with
/// `fstatat(…, AT_SYMLINK_NOFOLLOW)` and opened with `openat(…, O_NOFOLLOW)` relative to the
/// descriptor of their parent folder, so a path is never resolved again from the top and no
/// symlink is ever followed below the root.
enum FolderEntry {
    enum Kind: Equatable {
        case regular(size: Int)
        case folder
        case link
        /// A FIFO, device, socket...: its name for messages.
        case other(String)
    }

    /// What `name` in `folderFD` is, without following a link; nil when nothing is there.
    static func kind(of name: String, in folderFD: Int32, shown path: String) throws -> Kind? {
        var info = stat()
        guard fstatat(folderFD, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return nil }
            throw unreadable(path, error)
        }
        return kind(info)
    }

    static func kind(_ info: stat) -> Kind {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFIFO: return .other("FIFO")
        case S_IFCHR, S_IFBLK: return .other("device")
        case S_IFSOCK: return .other("socket")
        default: return .other("special file")
        }
    }

    /// Opens the folders `components`, each inside the previous, starting at `rootFD`; nil when
    /// one is missing or is not a folder. A link on the way is refused for `file` (the path
    /// being read). The caller closes the result.
    static func openFolder(
        _ components: ArraySlice<String>, below rootFD: Int32, shown: ([String]) -> String, file: String
    ) throws -> Int32? {
        var fd = dup(rootFD)
        guard fd >= 0 else { throw unreadable(shown([]), errno) }
        var walked: [String] = []
        for component in components {
            walked.append(component)
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let error = errno
            guard next < 0 else {
                close(fd)
                fd = next
                continue
            }
            let found = try? kind(of: component, in: fd, shown: shown(walked))
            close(fd)
            if found == .link { throw TemplateFolderError(path: file, reason: .throughSymbolicLink(folder: shown(walked))) }
            if error == ENOENT || error == ENOTDIR { return nil }
            throw unreadable(shown(walked), error)
        }
        return fd
    }

    /// The text of the regular file `name` in `folderFD`; nil when there is none or it is a folder.
    static func readText(_ name: String, in folderFD: Int32, shown path: String) throws -> String? {
        switch try kind(of: name, in: folderFD, shown: path) {
        case nil, .folder?:
            return nil
        case .link?:
            throw TemplateFolderError(path: path, reason: .symbolicLink)
        case .other(let what)?:
            throw TemplateFolderError(path: path, reason: .notRegularFile(kind: what))
        case .regular(let size)?:
            guard size <= TemplateFolder.maximumFileSize else { throw tooLarge(path) }
        }
        // O_NONBLOCK: were the entry swapped for a FIFO since `fstatat`, opening must not wait for a writer.
        let fd = openat(folderFD, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let error = errno
            if error == ELOOP { throw TemplateFolderError(path: path, reason: .symbolicLink) }
            throw unreadable(path, error)
        }
        defer { close(fd) }
        // Check what was opened, not what `fstatat` saw: the entry may have changed in between.
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw unreadable(path, errno) }
        guard case .regular = kind(info) else { throw TemplateFolderError(path: path, reason: .notRegularFile(kind: "special file")) }
        // /proc and /sys files look regular (size 0) but are the kernel's: environments, memory.
        if isKernelFile(info) { throw TemplateFolderError(path: path, reason: .notRegularFile(kind: "/proc or /sys file")) }
        guard let bytes = try readCapped(fd, shown: path) else { throw tooLarge(path) }
        guard let text = String(bytes: bytes, encoding: .utf8) else { throw TemplateFolderError(path: path, reason: .notText) }
        return text
    }

    /// At most `maximumFileSize` bytes; nil when the file holds more (it grew, or never ends).
    static func readCapped(_ fd: Int32, shown path: String) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > TemplateFolder.maximumFileSize { return nil }
        }
    }

    /// True for a file on /proc or /sys: on the same device as those folders (Glibc's module
    /// has no `fstatfs` to ask for the file system's type).
    static func isKernelFile(_ info: stat) -> Bool {
        kernelDevices.contains(UInt64(info.st_dev))
    }

    /// The devices of /proc and /sys, each only when it is mounted: a folder that merely sits
    /// on the root file system (a chroot, a sandbox) must not make every file look like the kernel's.
    static let kernelDevices: [UInt64] = {
        func device(_ path: String) -> UInt64? {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
        }
        let root = device("/")
        return ["/proc/self", "/sys/kernel"].compactMap(device).filter { $0 != root }
    }()

    /// The names in the folder `folderFD` except `.` and `..`, sorted.
    static func names(in folderFD: Int32, shown path: String) throws -> [String] {
        let copy = dup(folderFD)
        guard copy >= 0 else { throw unreadable(path, errno) }
        guard let directory = fdopendir(copy) else {
            let error = errno
            close(copy)
            throw unreadable(path, error)
        }
        defer { closedir(directory) }
        // A dup shares the read position with `folderFD`: start from the top.
        rewinddir(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// `path` with every symlink resolved; nil (and `errno` set) when it cannot be.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func unreadable(_ path: String, _ error: Int32) -> TemplateFolderError {
        TemplateFolderError(path: path, reason: .unreadable(String(cString: strerror(error))))
    }

    static func tooLarge(_ path: String) -> TemplateFolderError {
        TemplateFolderError(path: path, reason: .tooLarge(limit: TemplateFolder.maximumFileSize))
    }
}
