import Foundation

/// What the {{ screen.name }} view tells its view model.
@MainActor
{{ access }} protocol {{ screen.name }}ViewModelInput {
    func viewDidLoad()
}

/// What the {{ screen.name }} view reads from its view model.
@MainActor
{{ access }} protocol {{ screen.name }}ViewModelOutput: AnyObject {
    var items: [{{ entity }}] { get }
    var errorMessage: String? { get }
    /// Called after any output changed.
    var onChange: (() -> Void)? { get set }
}

{{ access }} typealias {{ screen.name }}ViewModel = {{ screen.name }}ViewModelInput & {{ screen.name }}ViewModelOutput

@MainActor
{{ access }} final class Default{{ screen.name }}ViewModel: {{ screen.name }}ViewModel {
    {{ access }} private(set) var items: [{{ entity }}] = [] {
        didSet { onChange?() }
    }
    {{ access }} private(set) var errorMessage: String? {
        didSet { onChange?() }
    }
    {{ access }} var onChange: (() -> Void)?
{% for useCase in useCases %}
    private let {{ useCase.lowerName }}UseCase: {{ useCase.name }}UseCase
{% endfor %}

    {{ access }} init({% for useCase in useCases %}{{ useCase.lowerName }}UseCase: {{ useCase.name }}UseCase{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for useCase in useCases %}
        self.{{ useCase.lowerName }}UseCase = {{ useCase.lowerName }}UseCase
{% endfor %}
    }

    {{ access }} func viewDidLoad() {
        Task { await load() }
    }

    /// Loads the items; `viewDidLoad()` calls it, tests await it directly.
    {{ access }} func load() async {
{% for useCase in useCases %}
{% if forloop.first %}
        do {
            items = try await {{ useCase.lowerName }}UseCase.execute()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
{% endif %}
{% endfor %}
    }
}
