/// A {{ entity }} as the {{ name }} domain sees it: plain data, no framework types.
struct {{ entity }}: Equatable, Identifiable, Sendable {
    let id: String
}
