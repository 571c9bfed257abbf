import Foundation
import XCTest

/// What the command line and the environment may hand teamflow: argv bytes that are not UTF-8,
/// weeks outside the calendar, unknown zones and clocks. Each is refused with exit 64.
final class InputValidationCLITests: XCTestCase {
    func testArgumentThatIsNotUTF8IsRefusedNotReplaced() throws {
        let w = try Workspace()
        // Process takes Swift strings; a shell's printf puts the raw byte 0xE9 (Latin-1 é) in argv.
        let result = try Subprocess.run("/bin/sh", ["-c", #"exec "$0" goal add "$(printf 'caf\351')""#, CLI.binary.path],
                                        in: w.path, environment: CLI.baseEnvironment)
        XCTAssertEqual(result.code, 64, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix(#"error: argument 3 ('caf\xE9') is not valid UTF-8"#), result.stderr)
        XCTAssertEqual(try w.teamflow("goal", "list", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]",
                       "nothing was written with U+FFFD in it")
    }

    func testYearZeroAndWeeksPastTheCalendarAreUsageErrors() throws {
        let w = try Workspace()
        for week in ["0000-W01", "0000-01-01", "9999-W52", "2024-W53"] {
            let result = try w.teamflow("week", week)
            XCTAssertEqual(result.code, 64, "\(week): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix("error: invalid week '\(week)'"), result.stderr)
        }
        let first = try w.teamflow("week", "0001-01-01", "--json")
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains(#""week": "0001-W01""#), first.stdout)
        XCTAssertTrue(first.stdout.contains(#""start": "0001-01-01""#), first.stdout)
        XCTAssertEqual(try w.teamflow("goal", "add", "x", "--week", "0000-W01").code, 64)
    }

    func testUnknownTZIsAnEnvironmentErrorWithoutAUsageLine() throws {
        let w = try Workspace()
        for zone in ["Mars/Olympus", "CET-1CEST,M3.5.0,M10.5.0/3"] {
            let result = try w.teamflow("week", environment: ["TZ": zone])
            XCTAssertEqual(result.code, 64, result.stdout)
            XCTAssertTrue(result.stderr.hasPrefix("error: TZ='\(zone)'"), result.stderr)
            XCTAssertFalse(result.stderr.contains("Usage:"), result.stderr)
            XCTAssertEqual(try w.teamflow("goal", "add", "x", environment: ["TZ": zone]).code, 64)
        }
        XCTAssertEqual(try w.teamflow("--version", environment: ["TZ": "Mars/Olympus"]).code, 0, "no calendar, no check")
    }

    func testTZNamesColonFormsAndPOSIXOffsetsDecideTheLocalWeek() throws {
        let w = try Workspace()
        // Sunday 15:30 UTC is already Monday 00:30 in Seoul: the next ISO week.
        let now = ["TEAMFLOW_NOW": "2024-11-24T15:30:00Z"]
        for (zone, week, at) in [("UTC", "2024-W47", "2024-11-24T15:30:00Z"), ("Asia/Seoul", "2024-W48", "2024-11-25T00:30:00+09:00"),
                                 (":Asia/Seoul", "2024-W48", "2024-11-25T00:30:00+09:00"), ("KST-9", "2024-W48", "2024-11-25T00:30:00+09:00")] {
            let result = try w.teamflow("goal", "add", zone, "--json", environment: now.merging(["TZ": zone]) { $1 })
            XCTAssertEqual(result.code, 0, "\(zone): \(result.stderr)")
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(object["week"] as? String, week, zone)
            XCTAssertEqual(object["createdAt"] as? String, at, zone)
        }
        // TZ unset: the system's zone, whatever it is.
        var environment = CLI.baseEnvironment
        environment["TZ"] = nil
        let unset = try Subprocess.run(CLI.binary.path, ["week"], in: w.path, environment: environment)
        XCTAssertEqual(unset.code, 0, unset.stderr)
    }

    func testMalformedTEAMFLOW_NOWIsAUsageErrorNamingTheVariable() throws {
        let w = try Workspace()
        for value in ["yesterday", "2024-11-18", "2024-11-18 09:00"] {
            let result = try w.teamflow("week", environment: ["TEAMFLOW_NOW": value])
            XCTAssertEqual(result.code, 64, result.stdout)
            XCTAssertTrue(result.stderr.hasPrefix("error: TEAMFLOW_NOW='\(value)' is not an RFC 3339 timestamp"), result.stderr)
            XCTAssertTrue(result.stderr.contains("TEAMFLOW_NOW=2024-11-18T09:00:00+09:00"), result.stderr)
            XCTAssertFalse(result.stderr.contains("Usage:"), result.stderr)
        }
    }
}
