import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed by Foundation's `XMLParser` into elements, for the tests to read.
final class SVGTree {
    /// One element: its name, attributes, text content and children.
    final class Element {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Element] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// This element and every element under it, depth first.
        var all: [Element] { [self] + children.flatMap(\.all) }

        /// The elements under this one (itself included) whose `class` attribute is `name`.
        func classed(_ name: String) -> [Element] { all.filter { $0.attributes["class"] == name } }
    }

    /// The root element, or nil when the document is not well-formed XML.
    let root: Element?
    /// The parser's error when the document is not well-formed.
    let error: (any Error)?

    /// Parses `svg`.
    init(_ svg: String) {
        let builder = Builder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = builder
        let parsed = parser.parse()
        root = parsed ? builder.root : nil
        error = parsed ? nil : parser.parserError ?? CocoaError(.coderReadCorrupt)
    }

    /// The tick labels of the axis group of class `axis` ("x-axis" or "y-axis").
    func tickLabels(_ axis: String) -> [String] {
        (root?.classed(axis).first?.classed("tick") ?? []).map(\.text)
    }

    /// The parser's delegate: builds the tree.
    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        private var open: [Element] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }
    }
}
