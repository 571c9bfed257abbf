{% if viewController %}
#if canImport(UIKit)
{% for module in imports %}
import {{ module }}
{% endfor %}
import UIKit

/// The {{ name }} screen.
final class {{ name }}ViewController: UIViewController {
{% if viewModel %}
    private let viewModel: {{ name }}ViewModel

    init(viewModel: {{ name }}ViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }
{% else %}
    init() {
        super.init(nibName: nil, bundle: nil)
    }
{% endif %}

    @available(*, unavailable, message: "{{ name }}ViewController is built in code")
    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }
}
#endif
{% endif %}
