import Foundation
import TeamflowTestSupport
import XCTest
@testable import Site

/// The written site judged from outside: every page parses without a single error in html5lib
/// (a conformant HTML parser), and in a real browser (headless Chromium) the DOM holds the
/// tasks and numbers, screenshots are not blank and the console stays silent. Without
/// python3's html5lib or Chromium (scripts/bootstrap.sh installs both) those tests skip.
final class SiteBrowserTests: XCTestCase {
    static let folder = NSTemporaryDirectory() + "teamflow-site-browser-" + UUID().uuidString
    nonisolated(unsafe) static var written: [SiteFile] = []

    override class func setUp() {
        super.setUp()
        written = (try? SiteRenderTests.site(.ko)) ?? []
        _ = try? SiteWriter.write(written, to: folder)
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    var pages: [String] { Self.written.map(\.path).filter { $0.hasSuffix(".html") } }

    func testEveryPageParsesWithoutErrorsInHTML5Lib() throws {
        guard let python = ExternalTools.python(with: "html5lib") else {
            throw RequiredTool.missing("python3 with html5lib is not installed (scripts/bootstrap.sh installs it): the strict HTML parse is skipped")
        }
        XCTAssertGreaterThanOrEqual(pages.count, 6)
        let script = """
        import sys, html5lib
        failed = 0
        for path in sys.argv[1:]:
            parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
            try:
                with open(path, 'rb') as f:
                    parser.parse(f, transport_encoding='utf-8')
            except Exception as error:
                failed += 1
                print(path, repr(error), parser.errors[:3])
        sys.exit(1 if failed else 0)
        """
        let result = try ExternalTools.run(python, ["-c", script] + pages.map { Self.folder + "/" + $0 })
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
    }

    func testPagesInHeadlessChromium() throws {
        guard let chromium = ExternalTools.find(["chromium", "chromium-browser", "google-chrome"]) else {
            throw RequiredTool.missing("Chromium is not installed (scripts/bootstrap.sh installs Debian's chromium): the browser tests are skipped")
        }
        let profile = NSTemporaryDirectory() + "teamflow-chromium-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                      "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", "--allow-file-access-from-files"]
        // The console check itself: a page with a failing script must be caught.
        let bad = profile + "-bad.html"
        try "<!DOCTYPE html><html lang=\"en\"><title>x</title><script>undefinedFunction()</script></html>"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let failing = try ExternalTools.run(chromium, common + ["--dump-dom", "file://" + bad])
        if failing.code != 0 && failing.stdout.isEmpty {
            throw XCTSkip("Chromium could not run here (exit \(failing.code)): \(failing.stderr.suffix(400))")
        }
        XCTAssertFalse(Self.consoleProblems(failing.stderr).isEmpty, "the console check sees errors: \(failing.stderr.suffix(800))")
        // The DOM of every page: its expected words, and a silent console.
        let expected: [String: [String]] = [
            "index.html": ["이번 주", "화면 전환 애니메이션", "1/2 (50%)", "Sprint 3", "BeStory 앱", "서버 방 생성", "charts/velocity.svg"],
            "week-2024-W46.html": ["DIContainer 구현", "MainViewController [WIP]", "매일 스크럼 유지"],
            "review-95.html": ["DIContainer 구현", "LocalVideoView", "고생하셨습니다"],
        ]
        for page in pages {
            let result = try ExternalTools.run(chromium, common + ["--dump-dom", "file://" + Self.folder + "/" + page])
            XCTAssertTrue(result.stdout.contains("</html>"), "\(page): no DOM\n\(result.stderr.suffix(800))")
            for word in expected[page] ?? [] { XCTAssertTrue(result.stdout.contains(word), "\(page): missing \(word)") }
            XCTAssertFalse(result.stdout.contains("<script") || result.stdout.contains("<iframe"), page)
            XCTAssertEqual(Self.consoleProblems(result.stderr), [], page)
        }
        // Screenshots of a representative set, on a desktop and a phone width: not blank.
        // The wiki page with a Markdown table and a task list, at a phone's width.
        let rules = Self.written.first { $0.contents.contains("<h1>팀 규칙 / Rules</h1>") }?.path ?? "index.html"
        for (page, size) in [("index.html", "1024,1200"), ("index.html", "390,1200"), ("review-95.html", "800,900"), (rules, "390,900")] {
            let png = profile + "-\(size.replacingOccurrences(of: ",", with: "x")).png"
            defer { try? FileManager.default.removeItem(atPath: png) }
            let result = try ExternalTools.run(chromium, common + ["--screenshot=" + png, "--window-size=" + size, "--hide-scrollbars",
                                                                   "file://" + Self.folder + "/" + page])
            XCTAssertTrue(FileManager.default.fileExists(atPath: png), "\(page) \(size): no screenshot\n\(result.stderr.suffix(800))")
            XCTAssertEqual(Self.consoleProblems(result.stderr), [], page)
            let ink = try Self.inkFraction(png)
            XCTAssertGreaterThan(ink, 0.01, "\(page) at \(size) looks blank (\(ink) of the pixels differ from the background)")
        }
    }

    /// Console messages as Chromium logs them with `--enable-logging=stderr`
    /// (`INFO:CONSOLE:1] "Uncaught ReferenceError: …"`): the pages have no script, so any
    /// console line at all is a problem (a failed load, a refused resource, an error).
    static func consoleProblems(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            line.contains(":CONSOLE") || line.contains("Uncaught") || line.contains("Failed to load resource")
        }
    }

    /// The fraction of a PNG's pixels that differ from its top-left (background) pixel, decoded
    /// by a small python3 script (zlib and the five PNG filters; 8-bit RGB or RGBA).
    static func inkFraction(_ png: String) throws -> Double {
        guard let python = ExternalTools.find(["python3"]) else { throw RequiredTool.missing("python3 is missing: the screenshot is not checked") }
        let script = """
        import sys, zlib, struct
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b'IHDR':
                width, height, depth, colour = struct.unpack('>IIBB', body[:10])
            elif kind == b'IDAT':
                idat += body
            pos += 12 + length
        assert depth == 8 and colour in (2, 6), (depth, colour)
        bpp = 3 if colour == 2 else 4
        raw = zlib.decompress(idat)
        stride = width * bpp
        previous = bytearray(stride)
        rows = []
        for y in range(height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                if kind == 1: line[i] = (line[i] + a) & 255
                elif kind == 2: line[i] = (line[i] + b) & 255
                elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            rows.append(bytes(line))
            previous = line
        background = rows[0][:3]
        ink = sum(1 for row in rows for x in range(0, stride, bpp) if row[x:x + 3] != background)
        print(ink / float(width * height))
        """
        let result = try ExternalTools.run(python, ["-c", script, png])
        guard result.code == 0, let value = Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            XCTFail("cannot decode \(png): \(result.stderr)")
            return 0
        }
        return value
    }
}
