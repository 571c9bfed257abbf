extension EventDraft {
    /// The draft's data with each of its `references` filled in: `earlierIDs` are the ids the
    /// store gave the drafts before this one in the same append, in order. A reference to a
    /// draft not before this one throws, so a store never writes a dangling placeholder.
    public func resolvedData(earlierIDs: [String]) throws -> Fields {
        guard !references.isEmpty else { return data }
        var resolved = data
        // Sorted, so the error (if several are bad) does not depend on dictionary order.
        for (key, position) in references.sorted(by: { $0.key < $1.key }) {
            guard earlierIDs.indices.contains(position) else {
                throw TeamflowError(.failure, "event draft '\(summary)' refers to draft \(position) for '\(key)', which is not before it in the append",
                                    hints: ["Nothing was written."])
            }
            resolved[key] = .string(earlierIDs[position])
        }
        return resolved
    }
}
