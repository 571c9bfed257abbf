/// Small values shared by the {{ name }} feature's layers.
{{ access }} enum {{ name }}Constants {
    /// The feature's name, e.g. for logging and accessibility identifiers.
    {{ access }} static let featureName = "{{ name }}"
}
