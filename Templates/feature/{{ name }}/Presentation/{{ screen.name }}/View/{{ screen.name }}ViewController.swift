#if canImport(UIKit)
import UIKit

/// The {{ screen.name }} screen: shows the view model's outputs, forwards user actions.
final class {{ screen.name }}ViewController: UIViewController {
    private let viewModel: {{ screen.name }}ViewModel

    init(viewModel: {{ screen.name }}ViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable, message: "{{ screen.name }}ViewController is built in code")
    required init?(coder: NSCoder) {
        return nil
    }

    override func viewDidLoad() {
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
