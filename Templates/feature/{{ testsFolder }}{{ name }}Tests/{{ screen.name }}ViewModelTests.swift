import XCTest
@testable import {{ module }}

/// Returns fixed items for every use case of the {{ name }} feature.
private struct {{ screen.name }}StubUseCase: Sendable {
    let result: [{{ entity }}]

    func execute() async throws -> [{{ entity }}] {
        result
    }
}
{% for useCase in useCases %}

extension {{ screen.name }}StubUseCase: {{ useCase.name }}UseCase { }
{% endfor %}

final class {{ screen.name }}ViewModelTests: XCTestCase {
    @MainActor
    func testLoadPublishesTheItems() async {
        let expected = [{{ entity }}(id: "1")]
        let stub = {{ screen.name }}StubUseCase(result: expected)
        let viewModel = Default{{ screen.name }}ViewModel({% for useCase in useCases %}{{ useCase.lowerName }}UseCase: stub{% if not forloop.last %}, {{ "" }}{% endif %}{% endfor %})
        var changes = 0
        viewModel.onChange = { changes += 1 }

        await viewModel.load()

        XCTAssertEqual(viewModel.items, expected)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertGreaterThan(changes, 0)
    }
}
