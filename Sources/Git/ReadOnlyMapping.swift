import Foundation

/// A plain file mapped read-only, unmapped when the last reference goes: the one owner of the
/// mapping that a pack index or a pack file reads through.
///
/// The file is opened without following a symbolic link, and mapped only if it is a plain
/// file whose size `accepts` takes (checked on the open file, so nothing can be swapped in
/// between the check and the mapping).
final class ReadOnlyMapping: @unchecked Sendable {
    /// The whole file. Only read, never written: shared between threads as it is.
    let bytes: UnsafeRawBufferPointer

    init?(path: String, accepting accepts: (Int) -> Bool) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, accepts(Int(info.st_size)) else { return nil }
        let size = Int(info.st_size)
        guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), start != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: start, count: size)
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), bytes.count) }
    }
}
