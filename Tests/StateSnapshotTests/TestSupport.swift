import Foundation
import XCTest
@testable import TeamflowCore

// A copy of TeamflowCoreTests/UseCaseTestSupport.swift: test targets cannot share files.

/// A fixed session (Tuesday 2024-11-19 10:00 in Seoul) and a fresh in-memory store.
struct Fixture {
    let repository: InMemoryEventRepository
    var session: Session

    init(now: String = "2024-11-19T10:00:00+09:00", author: Author = Author(name: "Kim", email: "kim@example.com"),
         events: [Event] = []) {
        repository = InMemoryEventRepository(events: events)
        session = Session(author: author, now: Timestamp.parse(now) ?? Date(timeIntervalSince1970: 0),
                          timeZone: TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600)!)
    }

    var members: MemberUseCases { MemberUseCases(repository: repository, session: session) }
    var projects: ProjectUseCases { ProjectUseCases(repository: repository, session: session) }
    var epics: EpicUseCases { EpicUseCases(repository: repository, session: session) }
    var tasks: TaskUseCases { TaskUseCases(repository: repository, session: session) }
    var goals: GoalUseCases { GoalUseCases(repository: repository, session: session) }
    var sprints: SprintUseCases { SprintUseCases(repository: repository, session: session) }
    var undo: UndoUseCase { UndoUseCase(repository: repository, session: session) }

    func state() throws -> TeamState { try repository.state() }
    func eventCount() throws -> Int { try repository.events().count }
}

/// Asserts that `body` throws a TeamflowError of `kind`, and returns it for more checks.
@discardableResult
func assertError<T>(_ kind: TeamflowError.Kind, file: StaticString = #filePath, line: UInt = #line,
                    _ body: () throws -> T) -> TeamflowError? {
    do {
        _ = try body()
        XCTFail("expected a \(kind) error", file: file, line: line)
        return nil
    } catch let error as TeamflowError {
        XCTAssertEqual(error.kind, kind, error.description, file: file, line: line)
        return error
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
        return nil
    }
}

/// A small deterministic generator (SplitMix64), as in TeamflowCoreTests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
