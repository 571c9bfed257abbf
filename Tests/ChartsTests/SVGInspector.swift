import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG read back with Foundation's XML parser: every element with its attributes and text,
/// or the parser's error, so tests check what a reader sees rather than substrings.
final class SVGInspector: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private(set) var error: String?
    private var open: [Int] = []

    /// Parses `svg`; `error` is set when it is not well-formed XML.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError.map { "\($0)" } ?? "parse failed" }
    }

    /// The elements named `name`, in document order.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }
}
