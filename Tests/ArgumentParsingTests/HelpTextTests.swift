import ArgumentParsing
import XCTest

final class HelpTextTests: XCTestCase {
    func testDump() {
        for path in [[], ["goal"], ["goal", "add"], ["task", "list"], ["generate"], ["sprint", "add"]] {
            print("=====", path)
            print(SampleTree.parser.helpText(for: path) ?? "nil")
        }
    }
}
