extension Array {
    /// `sorted(by:)` that moves positions instead of elements: a sort moves each element many
    /// times, and a record such as a task is large (its copies were a tenth of listing 10,000
    /// tasks). Stable, like `sorted(by:)`.
    func sortedByPosition(_ areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        indices.sorted { areInIncreasingOrder(self[$0], self[$1]) }.map { self[$0] }
    }

    /// `sortedByPosition`, each element given through `transform` as it takes its place.
    func sortedByPosition<T>(_ areInIncreasingOrder: (Element, Element) -> Bool, _ transform: (Element) throws -> T) rethrows -> [T] {
        try indices.sorted { areInIncreasingOrder(self[$0], self[$1]) }.map { try transform(self[$0]) }
    }
}
