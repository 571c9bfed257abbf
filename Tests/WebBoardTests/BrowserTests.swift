import Foundation
import TeamflowKit
import TeamflowTestSupport
import XCTest

/// The board in a real browser: headless Chromium driven by Selenium through Debian's
/// chromedriver, against the real `teamflow serve`. Without Chromium, chromedriver or Python's
/// selenium the test skips locally and fails under CI (bootstrap installs them); where
/// Chromium is there but cannot start, it skips with the reason.
final class BrowserTests: XCTestCase {
    static let chromedriver = "/usr/bin/chromedriver"

    /// Python with selenium, or the reason the browser tests cannot run here.
    static func requireBrowser() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: Self.chromedriver) else {
            throw RequiredTool.missing("chromedriver is not installed (scripts/bootstrap.sh installs chromium-driver): the browser test is skipped")
        }
        guard let python = Self.python(with: "selenium") else {
            throw RequiredTool.missing("python3 with selenium is not installed (scripts/bootstrap.sh installs it): the browser test is skipped")
        }
        return python
    }

    func testTickATaskSeeCLIChangesLiveAndReadAt390Pixels() throws {
        let python = try Self.requireBrowser()
        let fixture = try BoardFixture()
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open"], in: fixture.folder)
        defer { _ = serve.stop() }
        let line = try XCTUnwrap(serve.firstLine())
        let address = try XCTUnwrap(ServeProcess.address(of: line))
        let before = try fixture.commitCount()
        let short = String(fixture.taskID.prefix(8))

        let result = try Self.run(python, ["-c", Self.script, address.url, ServeProcess.binary, fixture.folder.path, short])
        if result.code == 3 { throw XCTSkip("Chromium could not start here: \(result.stdout) \(result.stderr.suffix(600))") }
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr.suffix(2000))
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        XCTAssertEqual(report["checkedInPage"] as? Bool, true)
        XCTAssertEqual(report["tokenLeftURL"] as? Bool, true)
        XCTAssertLessThanOrEqual(report["cliSeconds"] as? Double ?? 99, 2.0)
        XCTAssertEqual(report["fitsAt390"] as? Bool, true, "\(report)")

        // The click is one commit, seen by the CLI.
        let week = try fixture.openTeam().week()
        XCTAssertEqual(week.members.first { $0.member.name == "Minsu" }?.tasks.first?.task.done, true)
        XCTAssertEqual(try fixture.commitCount(), before + 2, "the click and the CLI's task add")
        let subject = try BoardFixture.git(["log", "-2", "--format=%s", "refs/teamflow/events"], in: fixture.folder)
        XCTAssertTrue(subject.contains("Login API"), subject)
    }

    /// What both scripts start with: headless Chromium through Debian's chromedriver (exit 3
    /// when it cannot start), the browser's console kept, and a polling `wait`.
    static let preamble = #"""
    import json, os, subprocess, sys, time
    os.environ["SE_AVOID_STATS"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--window-size=1200,900"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    except Exception as error:
        print("cannot start Chromium:", repr(error)[:400])
        sys.exit(3)
    def wait(condition, seconds):
        end = time.time() + seconds
        while time.time() < end:
            try:
                if condition():
                    return True
            except Exception:
                pass
            time.sleep(0.05)
        return False

    """#

    /// Walks the navigation as a reader would (dashboard, sprints, charts, a review, a wiki page,
    /// another week) and comments on the review from its form: every page renders its heading
    /// with no error in the console (a blocked inline script or style would be one under the
    /// page's Content-Security-Policy), the charts' images load, and the comment is one commit.
    func testEveryPageOfTheNavigationRendersAndTheReviewFormComments() throws {
        let python = try Self.requireBrowser()
        let fixture = try BoardFixture()
        let team = try fixture.openTeam()
        try team.reviews.add(.init(pr: 95, title: "Room <create>", sections: []))
        try team.wikiPages.save(title: "Dev journal", body: "Step 1: **bold** <script>alert(1)</script>")
        try team.sprints.add(name: "Sprint 12", from: "2024-11-18", to: "2024-11-29")
        let serve = try ServeProcess(["serve", "--port", "0", "--no-open"], in: fixture.folder)
        defer { _ = serve.stop() }
        let line = try XCTUnwrap(serve.firstLine())
        let address = try XCTUnwrap(ServeProcess.address(of: line))
        let before = try fixture.commitCount()

        let result = try Self.run(python, ["-c", Self.navigationScript, address.url])
        if result.code == 3 { throw XCTSkip("Chromium could not start here: \(result.stdout) \(result.stderr.suffix(600))") }
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr.suffix(2000))
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        let headings = try XCTUnwrap(report["headings"] as? [String: String], "\(report)")
        XCTAssertEqual(headings["/index.html"]?.isEmpty, false, "\(report)")
        XCTAssertEqual(headings["/sprints.html"], "Sprints", "\(report)")
        XCTAssertEqual(headings["/charts.html"], "Charts", "\(report)")
        XCTAssertEqual(headings["/review-95.html"]?.contains("Room <create>"), true, "the title shown as text: \(report)")
        XCTAssertEqual(headings["wiki"], "Dev journal", "\(report)")
        XCTAssertEqual(headings["/week-2024-W46"]?.contains("2024-W46"), true, "\(report)")
        XCTAssertEqual(report["scriptRan"] as? Bool, false, "the wiki page's <script> stays text")
        XCTAssertGreaterThan(report["chartImages"] as? Int ?? 0, 0, "\(report)")
        XCTAssertEqual(report["brokenImages"] as? [String], [], "\(report)")
        XCTAssertEqual(report["commentShown"] as? Bool, true, "\(report)")
        XCTAssertEqual(report["console"] as? [String], [], "\(report)")

        XCTAssertEqual(try fixture.commitCount(), before + 1, "the comment is one commit")
        XCTAssertEqual(try fixture.openTeam().reviews.find("95").comments.map(\.text), ["Reviewed in Chromium <b>"])
    }

    /// Follows the navigation's links by clicking them, reads each page's first heading, then
    /// posts a comment from the review page's form. Exit 3: no browser.
    static let navigationScript = preamble + #"""
    url = sys.argv[1]
    report = {"headings": {}, "brokenImages": [], "chartImages": 0}
    def gone(element):
        try:
            element.tag_name
            return False
        except Exception:
            return True
    def follow(selector, name):
        # The old page's <main> goes stale once the browser has left it; only then is the
        # new page's readyState the one that counts.
        # A page still settling (the form's redirect, a live refresh) may replace the link
        # between finding and clicking it: find it again.
        for attempt in range(5):
            try:
                old = driver.find_element(By.TAG_NAME, "main")
                driver.find_element(By.CSS_SELECTOR, selector).click()
                break
            except Exception:
                time.sleep(0.2)
        wait(lambda: gone(old) and driver.execute_script("return document.readyState") == "complete", 5)
        # Read in one script each: a live refresh may replace <main> between two calls.
        report["headings"][name] = driver.execute_script("var h = document.querySelector('main h1'); return h ? h.textContent.trim() : null")
        wait(lambda: driver.execute_script("return Array.prototype.every.call(document.querySelectorAll('main img'), function (i) { return i.complete; })"), 5)
        images = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('main img'), function (i) { return [i.getAttribute('src') || '', i.naturalWidth]; })")
        report["chartImages"] += len([src for src, width in images if "charts/" in src])
        report["brokenImages"] += [src for src, width in images if width == 0]
    try:
        driver.get(url)
        driver.execute_script("window.alerted = false; window.alert = function () { window.alerted = true; };")
        for href in ["/index.html", "/sprints.html", "/charts.html"]:
            follow('nav a[href="%s"]' % href, href)
        follow('nav a[href="/index.html"]', "/index.html")
        follow('main a[href="review-95.html"]', "/review-95.html")
        driver.find_element(By.ID, "new-comment").send_keys("Reviewed in Chromium <b>")
        driver.find_element(By.CSS_SELECTOR, 'form[action="/reviews/95/comment"] button[type="submit"]').click()
        report["commentShown"] = wait(lambda: "Reviewed in Chromium <b>" in driver.find_element(By.TAG_NAME, "main").text, 5)
        time.sleep(0.8)  # the page's event stream sees the comment's commit and refreshes once more
        follow('nav a[href="/index.html"]', "/index.html")
        follow('main a[href^="page-"]', "wiki")
        report["scriptRan"] = bool(driver.execute_script("return window.alerted === true || document.querySelector('main script') !== null"))
        follow('nav a[href="/"]', "/")
        follow('nav a[href="/week-2024-W46"]', "/week-2024-W46")
        report["console"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    finally:
        driver.quit()
    print(json.dumps(report))
    """#

    /// Clicks the task's checkbox, waits for it to show checked, adds a task with the CLI and
    /// times its arrival in the open page, then measures the page at 390 px. Exit 3: no browser.
    static let script = preamble + #"""
    url, teamflow, repo, short = sys.argv[1:5]
    report = {}
    try:
        driver.get(url)
        report["tokenLeftURL"] = "token=" not in driver.current_url
        driver.find_element(By.CSS_SELECTOR, "#task-" + short + " button.check").click()
        report["checkedInPage"] = wait(lambda: "done" in (driver.find_element(By.ID, "task-" + short).get_attribute("class") or "")
                                       and driver.find_element(By.CSS_SELECTOR, "#task-" + short + " button.check").get_attribute("aria-pressed") == "true", 5)
        time.sleep(0.6)  # the page's event stream has seen the click's tip
        env = dict(os.environ)
        subprocess.run([teamflow, "-C", repo, "task", "add", "Added from the CLI", "--member", "jiwoo"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        start = time.time()
        seen = wait(lambda: "Added from the CLI" in driver.find_element(By.TAG_NAME, "main").text, 5)
        report["cliSeconds"] = (time.time() - start) if seen else 99.0
        driver.set_window_size(390, 844)
        time.sleep(0.3)
        width = driver.execute_script("return window.innerWidth")
        scroll = driver.execute_script("return document.documentElement.scrollWidth")
        report["width"] = width
        report["scrollWidth"] = scroll
        report["fitsAt390"] = scroll <= width
        report["console"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    finally:
        driver.quit()
    print(json.dumps(report))
    """#

    /// The real executable (not a pyenv shim) of the first python3 on PATH that imports `module`.
    static func python(with module: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/python3") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "\(folder)/python3")
            process.arguments = ["-c", "import sys, \(module); print(sys.executable)"]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let executable = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if process.terminationStatus == 0, !executable.isEmpty { return executable }
        }
        return nil
    }

    /// Runs a program to its end (killed after two minutes) with the fixture's environment.
    static func run(_ executable: String, _ arguments: [String]) throws -> (stdout: String, stderr: String, code: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ServeProcess.environment(["SE_AVOID_STATS": "true"])
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timer)
        let errors = ThreadSafe<Data>(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { let data = err.fileHandleForReading.readDataToEndOfFile(); errors.mutate { $0 = data } }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        timer.cancel()
        return (String(decoding: output, as: UTF8.self), String(decoding: errors.value, as: UTF8.self), process.terminationStatus)
    }
}
