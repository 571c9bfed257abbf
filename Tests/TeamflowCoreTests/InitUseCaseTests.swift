import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// `InitUseCase`: one event on an empty history or a rename, nothing otherwise.
final class InitUseCaseTests: XCTestCase {
    func testFirstInitWritesTheTeamAndAgainChangesNothing() throws {
        let fixture = Fixture()
        let cases = InitUseCase(repository: fixture.repository)
        let first = try cases.initialize(team: "BeStory") { fixture.session }
        XCTAssertEqual(first, InitUseCase.Outcome(team: "BeStory", changed: true))
        XCTAssertEqual(try fixture.state().teamName, "BeStory")
        XCTAssertEqual(try fixture.repository.events().map(\.type), [EventType.teamInitialized])

        let again = try cases.initialize(team: nil) { throw TeamflowError(.failure, "no session needed") }
        XCTAssertEqual(again, InitUseCase.Outcome(team: "BeStory", changed: false))
        XCTAssertEqual(try fixture.eventCount(), 1)
    }

    func testRenameWritesAnEventAndSameNameDoesNot() throws {
        let fixture = Fixture()
        let cases = InitUseCase(repository: fixture.repository)
        _ = try cases.initialize(team: "A") { fixture.session }
        XCTAssertFalse(try cases.initialize(team: "A") { fixture.session }.changed)
        XCTAssertTrue(try cases.initialize(team: "B") { fixture.session }.changed)
        XCTAssertEqual(try fixture.state().teamName, "B")
        XCTAssertEqual(try fixture.eventCount(), 2)
    }

    func testInitWithoutAuthorFailsAndWritesNothing() throws {
        var fixture = Fixture()
        fixture.session.author = nil
        let session = fixture.session
        assertError(.failure) { try InitUseCase(repository: fixture.repository).initialize(team: nil) { session } }
        XCTAssertEqual(try fixture.eventCount(), 0)
    }
}
