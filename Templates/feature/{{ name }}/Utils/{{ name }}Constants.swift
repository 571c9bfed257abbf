/// Small values shared by the {{ name }} feature's layers.
enum {{ name }}Constants {
    /// The feature's name, e.g. for logging and accessibility identifiers.
    static let featureName = "{{ name }}"
}
