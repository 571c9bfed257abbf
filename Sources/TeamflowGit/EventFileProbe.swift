public import TeamflowCore
import YAML

/// The event reader's per-file steps, opened to the fuzz targets (`Sources/teamflow-fuzz`)
/// without making them API: import with `@_spi(Fuzzing) import TeamflowGit`.
@_spi(Fuzzing)
public enum EventFileProbe {
    /// What a read of the ref makes of one file's bytes.
    public enum Outcome {
        case event(Event)
        /// The file is skipped with this report.
        case problem(Diagnostic)
    }

    /// What a read of the ref makes of one file's bytes: the event, or the diagnostic it reports.
    public static func read(_ bytes: [UInt8], path: String = "events/ab/abcd1234.yaml") -> Outcome {
        switch EventTreeReader.parse(path: path, blob: .success(bytes)) {
        case .event(let event, _): return .event(event)
        case .problem(let diagnostic): return .problem(diagnostic)
        }
    }

    /// The fast scanner alone; nil when it leaves the file to libyaml.
    public static func fastDecode(_ bytes: [UInt8]) -> Event? {
        FastEventDecoder.decode(bytes)
    }

    /// libyaml and `EventCodec` alone; nil when the file is not a valid event.
    public static func fullDecode(_ bytes: [UInt8]) -> Event? {
        guard let node = try? YAML.parse(bytes: bytes, maxAliasExpansion: EventCodec.maxAliasExpansion) else { return nil }
        return try? EventCodec.decode(node)
    }

    /// The canonical file text of an event, as an append writes it.
    public static func encode(_ event: Event) -> String {
        EventCodec.encode(event)
    }
}
