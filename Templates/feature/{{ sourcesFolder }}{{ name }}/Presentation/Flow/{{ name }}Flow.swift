#if canImport(UIKit)
import UIKit
#endif

/// Entry point of the {{ name }} feature: builds its screens from the assembly.
@MainActor
{{ access }} final class {{ name }}Flow {
    private let assembly: {{ name }}Assembly

    {{ access }} init(assembly: {{ name }}Assembly) {
        self.assembly = assembly
    }
{% for screen in screens %}
{% if forloop.first %}
#if canImport(UIKit)

    /// The feature's first screen.
    {{ access }} func makeStartViewController() -> UIViewController {
        {{ screen.name }}ViewController(viewModel: assembly.make{{ screen.name }}ViewModel())
    }
#endif
{% endif %}
{% endfor %}
}
