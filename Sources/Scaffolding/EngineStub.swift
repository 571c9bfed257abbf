// TEMPORARY stand-in for the Templates engine API until the `templates` branch lands.
// Delete this file when merging it.
public enum TrimBehaviour: String, Sendable { case none, smart, all }
public indirect enum TemplateValue: Sendable, Equatable {
    case string(String), int(Int), double(Double), bool(Bool), array([TemplateValue]), dictionary([String: TemplateValue]), null
}
public protocol TemplateLoader: Sendable { func loadTemplate(named name: String) throws -> String? }
public struct TemplateEnvironment: Sendable {
    init(loader: TemplateLoader? = nil, trimBehaviour: TrimBehaviour = .none) {}
    public func render(string: String, name: String? = nil, context: [String: TemplateValue] = [:]) throws -> String {
        struct NotYet: Error {}
        throw NotYet()
    }
}
extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}
