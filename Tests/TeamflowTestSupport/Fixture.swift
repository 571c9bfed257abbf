import Foundation
import XCTest
import TeamflowCore

// Shared by the test targets that drive use cases (TeamflowCoreTests, ImportersTests,
// StateSnapshotTests): test targets cannot share files, so this is a small library of its own.

/// A fixed session (Tuesday 2024-11-19 10:00 in Seoul) and a fresh in-memory store.
public struct Fixture {
    public let repository: InMemoryEventRepository
    public var session: Session

    public init(now: String = "2024-11-19T10:00:00+09:00", author: Author = Author(name: "Kim", email: "kim@example.com"),
         events: [Event] = []) {
        repository = InMemoryEventRepository(events: events)
        session = Session(author: author, now: Timestamp.parse(now) ?? Date(timeIntervalSince1970: 0),
                          timeZone: TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600)!)
    }

    public var members: MemberUseCases { MemberUseCases(repository: repository, session: session) }
    public var projects: ProjectUseCases { ProjectUseCases(repository: repository, session: session) }
    public var epics: EpicUseCases { EpicUseCases(repository: repository, session: session) }
    public var tasks: TaskUseCases { TaskUseCases(repository: repository, session: session) }
    public var goals: GoalUseCases { GoalUseCases(repository: repository, session: session) }
    public var sprints: SprintUseCases { SprintUseCases(repository: repository, session: session) }
    public var undo: UndoUseCase { UndoUseCase(repository: repository, session: session) }

    public func state() throws -> TeamState { try repository.state() }
    public func eventCount() throws -> Int { try repository.events().count }
}

/// Asserts that `body` throws a TeamflowError of `kind`, and returns it for more checks.
@discardableResult
public func assertError<T>(_ kind: TeamflowError.Kind, file: StaticString = #filePath, line: UInt = #line,
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

/// A small deterministic generator (SplitMix64) for property tests.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public init(seed: UInt64) { self.state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
    /// A number in `0..<bound` (0 for a bound under 1).
    public mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}
