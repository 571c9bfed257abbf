import XCTest
@testable import {{ module }}

final class {{ useCase.name }}UseCaseTests: XCTestCase {
    private struct StubRepository: {{ name }}Repository {
        let result: [{{ entity }}]

        func fetch{{ entity }}List() async throws -> [{{ entity }}] {
            result
        }
    }

    func testExecuteReturnsTheRepositorysItems() async throws {
        let expected = [{{ entity }}(id: "1"), {{ entity }}(id: "2")]
        let useCase = Default{{ useCase.name }}UseCase(repository: StubRepository(result: expected))

        let result = try await useCase.execute()

        XCTAssertEqual(result, expected)
    }
}
