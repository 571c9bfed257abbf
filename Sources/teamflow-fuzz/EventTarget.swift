@_spi(Fuzzing) import TeamflowGit
import TeamflowCore

/// The event reader: one file of `refs/teamflow/events` as a read of the ref sees it.
enum EventTarget {
    static let event = FuzzTarget(
        name: "event",
        summary: "one event file: fast scanner vs libyaml + EventCodec, diagnostics, encode -> read round trip"
    ) { bytes in
        switch EventFileProbe.read(bytes) {
        case .event(let event): _ = event.day
        case .problem(let diagnostic): _ = diagnostic.description
        }
        let full = EventFileProbe.fullDecode(bytes)
        // The fast scanner may decline anything, but when it answers it must read what libyaml reads.
        if let fast = EventFileProbe.fastDecode(bytes) {
            require(fast == full, "the fast scanner and the full parser disagree: \(fast) vs \(String(describing: full))")
        }
        guard let full else { return }
        let written = Array(EventFileProbe.encode(full).utf8)
        require(EventFileProbe.fullDecode(written) == full, "encode -> read changed the event: \(full)")
        if let fast = EventFileProbe.fastDecode(written) {
            require(fast == full, "the fast scanner misreads an encoded event: \(full)")
        }
    }
}
