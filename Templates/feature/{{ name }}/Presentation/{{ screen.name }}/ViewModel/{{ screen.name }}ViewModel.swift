import Foundation

/// What the {{ screen.name }} view tells its view model.
@MainActor
protocol {{ screen.name }}ViewModelInput {
    func viewDidLoad()
}

/// What the {{ screen.name }} view reads from its view model.
@MainActor
protocol {{ screen.name }}ViewModelOutput: AnyObject {
    var items: [{{ entity }}] { get }
    var errorMessage: String? { get }
    /// Called after any output changed.
    var onChange: (() -> Void)? { get set }
}

typealias {{ screen.name }}ViewModel = {{ screen.name }}ViewModelInput & {{ screen.name }}ViewModelOutput

@MainActor
final class Default{{ screen.name }}ViewModel: {{ screen.name }}ViewModel {
    private(set) var items: [{{ entity }}] = [] {
        didSet { onChange?() }
    }
    private(set) var errorMessage: String? {
        didSet { onChange?() }
    }
    var onChange: (() -> Void)?
{% for useCase in useCases %}
    private let {{ useCase.lowerName }}UseCase: {{ useCase.name }}UseCase
{% endfor %}

    init({% for useCase in useCases %}{{ useCase.lowerName }}UseCase: {{ useCase.name }}UseCase{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %}) {
{% for useCase in useCases %}
        self.{{ useCase.lowerName }}UseCase = {{ useCase.lowerName }}UseCase
{% endfor %}
    }

    func viewDidLoad() {
        Task { await load() }
    }

    /// Loads the items; `viewDidLoad()` calls it, tests await it directly.
    func load() async {
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
