extension Array {
    /// `sorted(by:)` that moves positions instead of elements: a sort moves each element many
    /// times, and a record such as a task is large (its copies were a tenth of listing 10,000
    /// tasks). Stable, like `sorted(by:)`.
    func sortedByPosition(_ areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        withUnsafeBufferPointer { items in
            var order = Array<Int>(items.indices)
            order.sort { areInIncreasingOrder(items[$0], items[$1]) }
            return order.map { items[$0] }
        }
    }
}
