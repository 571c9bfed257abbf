import Foundation

/// A reference's reflog as a file (`logs/<ref>`), for undoing the entry libgit2 appends just
/// before a reference write that then fails.
struct ReflogFile {
    let path: String

    /// The file's size in bytes, or nil when it does not exist.
    var size: Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Cuts the file back to `size` when everything after it is exactly one entry whose new
    /// value is `id`: ours, appended by the failed update. Anything else (an entry another
    /// process wrote meanwhile) is left alone. Truncating needs no free space.
    func dropEntry(movingTo id: ObjectID, after size: Int?) {
        guard let size, let now = self.size, now > size else { return }
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let count = now - size
        guard count < 64 * 1024 else { return }
        var tail = [UInt8](repeating: 0, count: count)
        let got = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(size)) }
        guard got == count, tail.last == 0x0A, tail.firstIndex(of: 0x0A) == count - 1 else { return }
        // "<old> <new> <name> <email> <time> <zone>\t<message>\n"
        let fields = tail.split(separator: 0x20, maxSplits: 2)
        guard fields.count == 3, String(decoding: fields[1], as: UTF8.self) == id.hex else { return }
        _ = ftruncate(fd, off_t(size))
    }
}
