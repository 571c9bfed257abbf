import Foundation

/// A read-only mapping of a whole file, unmapped when the last reference goes.
///
/// The state cache maps its snapshot instead of reading it: pages come straight from the page
/// cache, and a command that decodes a few entries touches only the pages it needs. The cache
/// is replaced by rename, never rewritten in place, so a mapping always sees one whole file.
/// Where a file cannot be mapped (some network file systems), it is read into memory instead.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer
    private let mapped: Bool

    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size < Int(Int32.max) else { return nil }
        let size = Int(info.st_size)
        if let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), start != MAP_FAILED {
            bytes = UnsafeRawBufferPointer(start: start, count: size)
            mapped = true
            return
        }
        guard let contents = StateCache.readFile(path), contents.count == size else { return nil }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        contents.withUnsafeBytes { if let from = $0.baseAddress { copy.copyMemory(from: from, byteCount: size) } }
        bytes = UnsafeRawBufferPointer(start: copy, count: size)
        mapped = false
    }

    /// Lets the kernel drop the mapped pages before `offset` (a reader that is done with
    /// them); they read back from the file if touched again. Nothing for a copy in memory.
    func release(upTo offset: Int) {
        guard mapped, let start = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, bytes.count) / page * page
        if end > 0 { madvise(UnsafeMutableRawPointer(mutating: start), end, Int32(MADV_DONTNEED)) }
    }

    deinit {
        guard let start = bytes.baseAddress else { return }
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: start), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: start).deallocate()
        }
    }
}

// The C calls by names that do not collide with `StateCache.read()` and friends (inside a
// type, a bare `read(...)` would mean the method), without naming Glibc or Darwin.
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
