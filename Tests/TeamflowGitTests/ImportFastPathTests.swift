import Foundation
import TeamflowCore
import TeamflowTestSupport
import XCTest
import YAML
@testable import TeamflowGit

/// `import`'s canonical fast path (`ImportReader`) against libyaml alone: over canonical
/// streams and streams with odd or hostile documents, reading with the fast path (falling back
/// to libyaml at the first other document) gives exactly what libyaml alone gives, the same
/// events and texts or the same error with the same line and column.
final class ImportFastPathTests: XCTestCase {
    /// What reading a stream gave: each event and its stored text, or the error.
    enum Outcome: Equatable {
        case events([Event], [String])
        case failure(String)
    }

    /// The import's reader: fast path, then libyaml.
    private func viaImport(_ text: String) -> (Outcome, fast: Int) {
        var events: [Event] = [], texts: [String] = []
        var fast = 0
        var text = text
        do {
            try text.withUTF8 { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                var probe = ImportReader(raw)
                while probe.next() != nil { fast += 1 }
                try GitEventStore.readDocuments(raw, file: "in.yaml", body: { checked in
                    guard let checked else { return }
                    events.append(checked.event)
                    texts.append(checked.contents)
                }, done: { _ in })
            }
        } catch {
            return (.failure("\(error)"), fast)
        }
        return (.events(events, texts), fast)
    }

    /// libyaml for every document, as before the fast path.
    private func viaLibyaml(_ text: String) -> Outcome {
        var events: [Event] = [], texts: [String] = []
        var text = text
        do {
            try text.withUTF8 { bytes in
                do {
                    try YAML.forEachDocument(in: UnsafeRawBufferPointer(bytes), from: 0, line: 1, file: "in.yaml") { node in
                        guard let checked = try ImportedEvent.canonical(node, file: "in.yaml") else { return }
                        events.append(checked.event)
                        texts.append(checked.contents)
                    }
                } catch let error as YAMLError {
                    throw TeamflowError(.failure, "\(error)", hints: ["Nothing was imported."])
                }
            }
        } catch {
            return .failure("\(error)")
        }
        return .events(events, texts)
    }

    private func assertSame(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let (fast, hits) = viaImport(text)
        XCTAssertEqual(fast, viaLibyaml(text), "fast path and libyaml disagree on:\n\(text.debugDescription)", file: file, line: line)
        return hits
    }

    func testCanonicalStreamsTakeTheFastPathAndAgree() {
        var rng = SplitMix(seed: 0x1A9F_0057)
        var hits = 0, documents = 0
        for round in 0..<300 {
            let events = (0..<(1 + rng.next(upTo: 4))).map { randomEvent(&rng, index: round * 8 + $0) }
            documents += events.count
            hits += events.filter { viaImport(EventCodec.encode($0)).fast == 1 }.count
            var stream = events.map { "---\n" + EventCodec.encode($0) }.joined()
            if rng.next(upTo: 4) == 0 { stream.removeFirst(4) } // the first document's `---` is optional
            _ = assertSame(stream)
        }
        // Text where the schema wants text, without what only double quotes can write: most.
        XCTAssertGreaterThan(hits, documents / 3, "fast path took \(hits) of \(documents) documents")
    }

    func testOddDocumentsAgreeWithLibyaml() {
        var rng = SplitMix(seed: 0x0DD_D0C5)
        for round in 0..<400 {
            let events = (0..<(1 + rng.next(upTo: 3))).map { randomEvent(&rng, index: round * 4 + $0) }
            var documents = events.map { EventCodec.encode($0) }
            let victim = rng.next(upTo: documents.count)
            documents[victim] = mutate(documents[victim], &rng)
            _ = assertSame(documents.map { "---\n" + $0 }.joined())
        }
    }

    func testHostileDocumentsAgreeWithLibyaml() {
        let good = EventCodec.encode(Event(id: "7456bcf9f6fd8bbb8bcbeda2", type: "task.added", at: "2024-11-19T10:00:00+09:00",
                                           author: Author(name: "건우", email: "gw@example.com"), clock: 12,
                                           data: ["title": "배포 꼭 하기 🚀", "week": "2024-W47", "task": "abcd1234"]))
        XCTAssertEqual(viaImport(good).fast, 1, "the canonical document takes the fast path")
        var odd = Self.hostileEdits.map { edit in edit(good) }
        odd += [
            "\u{FEFF}" + good, "%YAML 1.1\n---\n" + good, good + "...\n", good.replacingOccurrences(of: "\n", with: "\r\n"),
            String(good.dropLast()), good + "# trailing comment\n", good + "\n", "--- " + good, "---\n", "", "\n", "---\n---\n" + good,
            good + "---\n", good + "---", good + "--- x\n", good + "---\nnot: [closed\n",
        ]
        for text in odd {
            _ = assertSame(text)
            _ = assertSame("---\n" + good + "---\n" + text)
            _ = assertSame(good + "---\n" + text + "---\n" + good)
        }
    }

    /// An error after fast documents names the line within the whole file.
    func testErrorsAfterFastDocumentsKeepTheirLines() throws {
        let good = EventCodec.encode(Event(id: "abcd1234", type: "goal.added", at: "2024-11-19T10:00:00+09:00",
                                           author: Author(name: "A", email: "a@b"), clock: 1, data: ["title": "x"]))
        let lines = good.split(separator: "\n").count
        let clockLine = try XCTUnwrap(good.split(separator: "\n").firstIndex { $0.hasPrefix("clock:") }) + 1
        let text = "---\n" + good + "---\n" + good.replacingOccurrences(of: "clock: 1", with: "clock: [1") + "---\n" + good
        let (outcome, fast) = viaImport(text)
        XCTAssertEqual(fast, 1)
        guard case .failure(let message) = outcome else { return XCTFail("accepted: \(outcome)") }
        // `---`, the first document, `---`, then the second document's clock line.
        XCTAssertTrue(message.contains("while parsing a flow sequence at line \(1 + lines + 1 + clockLine), column 8"), message)
    }

    /// Whole-line and in-line edits a hand-written or foreign file may have.
    static let hostileEdits: [@Sendable (String) -> String] = [
        { $0.replacingOccurrences(of: "'2024-W47'", with: "\"2024-W47\"") },
        { $0.replacingOccurrences(of: "title: ", with: "title: \"\\u00e9\\t\" # ") },
        { $0.replacingOccurrences(of: "\n  week", with: " \n  week") }, // trailing space
        { $0.replacingOccurrences(of: "\n  week", with: "\n\tweek") },
        { $0.replacingOccurrences(of: "\n  week", with: "\n  # a comment\n  week") },
        { $0.replacingOccurrences(of: "title: ", with: "title: &a ") + "x: *a\n" },
        { $0.replacingOccurrences(of: "title: ", with: "title: !!str ") },
        { $0.replacingOccurrences(of: "title: ", with: "title: !custom ") },
        { $0 + "data:\n  title: again\n" }, // duplicate key
        { $0.replacingOccurrences(of: "\n  week", with: "\n  title: twice\n  week") },
        { $0.replacingOccurrences(of: "clock: 12", with: "clock: 99999999999999999999") },
        { $0.replacingOccurrences(of: "clock: 12", with: "clock: 9007199254740993") },
        { $0.replacingOccurrences(of: "clock: 12", with: "clock: 012") },
        { $0.replacingOccurrences(of: "clock: 12", with: "clock: 0x0C") },
        { $0.replacingOccurrences(of: "clock: 12", with: "clock: '12'") },
        { $0.replacingOccurrences(of: "v: 1", with: "v: 0") },
        { $0.replacingOccurrences(of: "abcd1234", with: "1234") }, // a text field written as a number
        { $0.replacingOccurrences(of: "abcd1234", with: "12345678901234567890123") },
        { $0.replacingOccurrences(of: "abcd1234", with: "true") },
        { $0.replacingOccurrences(of: "abcd1234", with: "null") },
        { $0.replacingOccurrences(of: "7456bcf9f6fd8bbb8bcbeda2", with: "7456BCF9") },
        { $0.replacingOccurrences(of: "7456bcf9f6fd8bbb8bcbeda2", with: "../../etc/passwd") },
        { $0.replacingOccurrences(of: "배포", with: "\u{1}배포") },
        { $0.replacingOccurrences(of: "배포", with: "\u{85}") },
        { $0.replacingOccurrences(of: "배포", with: "\u{2028}") },
        { $0.replacingOccurrences(of: "배포", with: "\u{7F}") },
        { $0.replacingOccurrences(of: "배포 꼭 하기 🚀", with: String(repeating: "가", count: 1_400)) }, // over 4 KiB
        { $0.replacingOccurrences(of: "  week:", with: "  null:") },
        { $0.replacingOccurrences(of: "  week:", with: "  'week':") },
        { $0.replacingOccurrences(of: "  week:", with: "  \"week\":") },
        { $0.replacingOccurrences(of: "  week:", with: "  ? week\n  :") },
        { $0.replacingOccurrences(of: "  week:", with: "  123:") },
        { $0.replacingOccurrences(of: "data:\n", with: "data: {") + "}\n" },
        { $0.replacingOccurrences(of: "at: '", with: "at: ").replacingOccurrences(of: "00+09:00'", with: "00+09:00") },
        { $0.replacingOccurrences(of: "+09:00", with: "") },
        { $0.replacingOccurrences(of: "author:\n  name: 건우\n", with: "author:\n  name: 건우\n  name: 석영\n") },
        { $0.replacingOccurrences(of: "  email: gw@example.com\n", with: "") },
        { $0 + "extra: [1, 2]\n" },
        { $0 + "zz: yes\n" },
        { $0 + "undoes: x\n" },
        { $0.replacingOccurrences(of: "type: task.added", with: "type: ''") },
    ]

    /// One random edit of a document's text: a character from a hostile set put in, a
    /// character taken out, or one of `hostileEdits`.
    private func mutate(_ text: String, _ rng: inout SplitMix) -> String {
        let inserts = ["\"", "'", "\\", "\t", "\r", "\r\n", "\n", " ", "#", "&a ", "*a", "!", "!!int ", "%", "@", "`", "|", ">", "-", "? ",
                       ": ", "{", "[", "]", "}", ",", "~", "\u{FEFF}", "\u{85}", "\u{2028}", "\u{0}", "\u{1B}", "é", "🚀", "건", "0", "9",
                       "---\n", "...\n"]
        var scalars = Array(text.unicodeScalars)
        switch rng.next(upTo: 4) {
        case 0:
            let edit = Self.hostileEdits[rng.next(upTo: Self.hostileEdits.count)]
            return edit(text)
        case 1 where !scalars.isEmpty:
            scalars.remove(at: rng.next(upTo: scalars.count))
        default:
            let at = rng.next(upTo: scalars.count + 1)
            scalars.insert(contentsOf: inserts[rng.next(upTo: inserts.count)].unicodeScalars, at: at)
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Events of several types, with text, numbers, booleans and nulls where the schema wants
    /// text, Korean, emoji and YAML's special words.
    private func randomEvent(_ rng: inout SplitMix, index: Int) -> Event {
        let pieces = ["배포", "꼭", "🚀", "yes", "no", "null", "~", "1", "0x1F", "1.5", "2024-11-18", "12:30", "a: b", "# x",
                      " ", "-", "'", "\"", "\\", "\t", "\n", "é", "e\u{301}", "\u{85}", "\u{2028}", "\u{FEFF}", "true", "W47",
                      "abc", "DI", "Main", "-7", "+3", "007", ".5", "@x", "`", "%", "!", "&", "*", "|", ">", "{", "}", "[", "]",
                      "\u{1}", "\r", "12345678901234567890"]
        func text() -> String {
            (0..<rng.next(upTo: 5)).map { _ in pieces[rng.next(upTo: pieces.count)] }.joined(separator: rng.next(upTo: 3) == 0 ? "" : " ")
        }
        let types = ["goal.added", "task.added", "task.checked", "member.added", "x.unknown"]
        let type = types[rng.next(upTo: types.count)]
        var data = Fields()
        for key in ["title", "week", "task", "note", "member", "name"].prefix(1 + rng.next(upTo: 6)) {
            switch rng.next(upTo: 7) {
            case 0: data[key] = .int(rng.next(upTo: 1000) - 500)
            case 1: data[key] = .bool(rng.next(upTo: 2) == 0)
            case 2: data[key] = .null
            case 3: data[key] = .string(String(format: "%08x", rng.next(upTo: 1 << 30)))
            default: data[key] = .string(text())
            }
        }
        if rng.next(upTo: 5) == 0 { data["items"] = .list([.string(text()), .int(3)]) }
        if rng.next(upTo: 5) == 0 { data["nested"] = .map(["a": .string(text()), "b": .bool(true)]) }
        let hex = String(format: "%024x", index * 7919 + 1)
        return Event(id: hex, type: type, at: rng.next(upTo: 8) == 0 ? "2024-11-19T10:00:00Z" : "2024-11-19T10:00:00+09:00",
                     author: Author(name: text().isEmpty ? "건우" : "건우 " + String(index), email: "gw@example.com"),
                     clock: 1 + rng.next(upTo: 100_000),
                     undoes: rng.next(upTo: 4) == 0 ? String(format: "%024x", index * 31 + 7) : nil,
                     batch: rng.next(upTo: 4) == 0 ? String(format: "%08x", index) : nil, data: data,
                     extra: rng.next(upTo: 6) == 0 ? Fields([("later", .string(text()))]) : Fields())
    }

    /// Through the store: a file of canonical documents with a commented one in the middle
    /// imports every event, each stored as its canonical text; a broken document after
    /// canonical ones fails with its line in the whole file and imports nothing.
    func testImportFileMixesBothPathsAndReportsLinesInTheWholeFile() throws {
        let source = try TestRepository()
        for title in ["하나", "둘 🎉", "셋"] { _ = try source.addGoal(title) }
        let canonical = try source.store().exportStream()
        let odd = Event(id: "abcd1234", type: "goal.added", at: "2024-11-19T10:00:00+09:00",
                        author: Author(name: "A", email: "a@b"), clock: 40, data: ["title": "commented"])
        let commented = EventCodec.encode(odd).replacingOccurrences(of: "clock: 40\n", with: "clock: 40 # hand-edited\n")
        let file = source.path + "/mixed.yaml"
        try (canonical + "---\n" + commented).write(toFile: file, atomically: true, encoding: .utf8)
        let target = try TestRepository()
        let result = try target.store().importEvents(from: .file(path: file, name: "mixed.yaml"),
                                                     author: TestRepository.author, at: "2024-11-20T10:00:00+09:00")
        XCTAssertEqual(result, ImportResult(added: 4, skipped: 0))
        XCTAssertEqual(try target.store().events(), try source.store().events() + [odd])
        XCTAssertEqual(try target.store().exportStream(), canonical + "---\n" + EventCodec.encode(odd))

        let broken = source.path + "/broken.yaml"
        try (canonical + "---\nv: 1\nid: [abcd\n").write(toFile: broken, atomically: true, encoding: .utf8)
        let line = canonical.filter { $0 == "\n" }.count + 3
        let fresh = try TestRepository()
        XCTAssertThrowsError(try fresh.store().importEvents(from: .file(path: broken, name: "broken.yaml"), author: nil,
                                                            at: "2024-11-20T10:00:00Z")) { error in
            XCTAssertTrue("\(error)".contains("broken.yaml:") && "\(error)".contains("flow sequence at line \(line), column 5"), "\(error)")
        }
        XCTAssertNil(try fresh.store().tipHash())
    }
}
