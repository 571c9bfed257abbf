#if canImport(UIKit)
import UIKit

/// The {{ screen.name }} screen: shows the view model's outputs, forwards user actions.
{{ access }} final class {{ screen.name }}ViewController: UIViewController {
    private let viewModel: {{ screen.name }}ViewModel

    {{ access }} init(viewModel: {{ screen.name }}ViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable, message: "{{ screen.name }}ViewController is built in code")
    {{ access }} required init?(coder: NSCoder) {
        return nil
    }

    {{ access }} override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        viewModel.onChange = { [weak self] in self?.render() }
        viewModel.viewDidLoad()
    }

    private func render() {
        // Update the views from viewModel.items and viewModel.errorMessage.
    }
}
#endif
