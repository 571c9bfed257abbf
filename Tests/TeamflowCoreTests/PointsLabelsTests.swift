import Foundation
import XCTest
import TeamflowTestSupport
@testable import TeamflowCore

/// A task's estimate (`--points`) and labels (`--label`, `--no-label`), listed by label.
final class PointsLabelsTests: XCTestCase {
    func testPointsAndLabelsAreAddedEditedListedAndUndone() throws {
        let f = Fixture()
        let task = try f.tasks.add(title: "로그인 화면", .init(points: 3, labels: ["ios", "UI", "ui"]))
        XCTAssertEqual(task.points, 3)
        XCTAssertEqual(task.labels, ["ios", "UI"], "a repeated label (any case) counts once")
        _ = try f.tasks.add(title: "서버 배포", .init(labels: ["server"]))
        XCTAssertEqual(try f.tasks.list(.init(label: "IOS")).map(\.title), ["로그인 화면"])
        let edited = try f.tasks.edit(task.id.rawValue, .init(points: "5", addLabels: ["bug"], removeLabels: ["ui"]))
        XCTAssertEqual(edited.points, 5)
        XCTAssertEqual(edited.labels, ["ios", "bug"])
        XCTAssertNil(try f.tasks.edit(task.id.rawValue, .init(points: "none")).points)
        try f.undo.undo()
        XCTAssertEqual(try f.state().tasks[task.id]?.points, 5, "undo puts the estimate back")
        try f.undo.undo()
        XCTAssertEqual(try f.state().tasks[task.id]?.labels, ["ios", "UI"])
        XCTAssertEqual(try f.state().tasks[task.id]?.points, 3)
        let negative = assertError(.usage) { try f.tasks.edit(task.id.rawValue, .init(points: "-1")) }
        XCTAssertEqual(negative?.reason, .invalidValue(.points, text: "-1"))
        assertError(.usage) { try f.tasks.add(title: "x", .init(points: -2)) }
        assertError(.usage) { try f.tasks.edit(task.id.rawValue, .init(points: "세 개")) }
    }
}
