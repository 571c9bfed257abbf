import Charts
import Foundation
import TeamflowTestSupport
import XCTest

/// An independent renderer (librsvg's `rsvg-convert`) draws the charts, and python3's zlib
/// decodes the PNG: the picture must hold pixels other than the background, in the series' colours.
final class SVGRenderTests: XCTestCase {
    /// Prints `<pixels not equal to the top-left one> <pixels of colour argv[2]>` for the PNG argv[1].
    private static let counter = #"""
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat, width, height, kind = 8, b'', 0, 0, 0
    while pos < len(data):
        length, tag = struct.unpack('>I4s', data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if tag == b'IHDR':
            width, height, depth, kind = struct.unpack('>IIBB', chunk[:10])
            assert depth == 8 and kind in (2, 6), 'unexpected PNG format'
        elif tag == b'IDAT':
            idat += chunk
        pos += 12 + length
    bpp = 4 if kind == 6 else 3
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line)); prev = line
    pixels = [row[x * bpp:x * bpp + 3] for row in rows for x in range(width)]
    want = bytes.fromhex(sys.argv[2])
    print(sum(1 for p in pixels if p != pixels[0]), sum(1 for p in pixels if p == want))
    """#

    func testChartsRenderNonBlankInTheirColours() throws {
        guard run(["rsvg-convert", "--version"]).code == 0 else {
            throw RequiredTool.missing("rsvg-convert is not installed (scripts/bootstrap.sh installs Debian's librsvg2-bin)")
        }
        guard run(["python3", "-c", "import zlib"]).code == 0 else { throw RequiredTool.missing("python3 is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charts-render-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [("velocity", SVGChart.velocity(Scenario.velocity), "4e79a7"),
                     ("burndown", SVGChart.burndown(Scenario.burndown), "0969da"),
                     ("scope line", SVGChart.burndown(Scenario.scopeChange), "8250df")]
        for (name, svg, colour) in cases {
            let svgPath = folder.appendingPathComponent("\(name).svg").path
            let pngPath = folder.appendingPathComponent("\(name).png").path
            try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
            let converted = run(["rsvg-convert", "-b", "#ffffff", "-o", pngPath, svgPath])
            XCTAssertEqual(converted.code, 0, converted.output)
            let counted = run(["python3", "-c", Self.counter, pngPath, colour])
            XCTAssertEqual(counted.code, 0, counted.output)
            let numbers = counted.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            XCTAssertEqual(numbers.count, 2, counted.output)
            XCTAssertGreaterThan(numbers.first ?? 0, 640 * 320 / 50, "\(name): more than 2% of the pixels are drawn")
            XCTAssertGreaterThan(numbers.last ?? 0, 100, "\(name): the series colour #\(colour) is on the picture")
        }
    }

    private func run(_ arguments: [String]) -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
