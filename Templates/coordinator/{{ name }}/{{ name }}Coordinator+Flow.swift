{% for module in imports %}
import {{ module }}
{% endfor %}
{% if viewController %}
#if canImport(UIKit)
import UIKit
#endif
{% endif %}
{% if imports or viewController %}

{% endif %}
// This file is yours: teamflow creates it once and never overwrites it. The generated
// {{ name }}Coordinator.swift calls `startFlow()` from `start()`.
extension {{ name }}Coordinator {
    /// Shows the flow's first screen on `presenter`. From here on, call the generated
    /// `routeTo<Child>()` to start a child flow and `finish()` when this flow is done.
    func startFlow() {
{% if viewController %}
#if canImport(UIKit)
        presenter.show({{ name }}ViewController({% if viewModel %}viewModel: viewModel{% endif %}), animated: true)
#endif
{% else %}
        // presenter.show(<the first screen>, animated: true)
{% endif %}
    }
}
