internal import CHeapPolicy

/// The heap set up for a command that allocates in one burst and exits (heap_policy.c): large
/// arrays from the heap, nothing trimmed, and 64 MiB of it advised for transparent huge pages,
/// so that listing 10,000 tasks or rebuilding a history faults its memory in 2 MiB at a time
/// instead of 4 KiB. `serve` runs for days and returns memory as usual: it is not given this.
enum HeapPolicy {
    /// Whether the command in `arguments` (without the program's name) is a one-shot command:
    /// any word `serve` counts as the server, since options may come before it (a stray one,
    /// a title, only costs the policy).
    static func applies(to arguments: [[UInt8]]) -> Bool {
        !arguments.contains(Array("serve".utf8))
    }

    /// Applies the policy; returns the bytes advised for huge pages (0: the heap stays as
    /// glibc set it up, or the kernel declined).
    @discardableResult
    static func applyForOneShotCommand() -> Int {
        Int(teamflow_heap_for_one_shot_command())
    }
}
