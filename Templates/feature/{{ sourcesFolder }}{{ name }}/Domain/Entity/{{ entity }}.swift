/// A {{ entity }} as the {{ name }} domain sees it: plain data, no framework types.
{{ access }} struct {{ entity }}: Equatable, Identifiable, Sendable {
    {{ access }} let id: String

    {{ access }} init(id: String) {
        self.id = id
    }
}
