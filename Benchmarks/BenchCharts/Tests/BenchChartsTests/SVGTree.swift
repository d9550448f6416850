import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed by Foundation's `XMLParser` into elements, for the tests to read.
final class SVGTree {
    /// One element: its name, attributes, text content and children.
    final class Element {
        /// The element's name (`svg`, `text`, …).
        let name: String
        /// Its attributes, by name.
        let attributes: [String: String]
        /// The text directly inside it.
        var text = ""
        /// The elements directly inside it, in document order.
        var children: [Element] = []

        /// An element without text or children yet.
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
        /// The document's first element.
        var root: Element?
        /// The elements started and not yet ended, outermost first.
        private var open: [Element] = []

        /// Adds the element to the one it is in.
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributes)
            if let parent = open.last { parent.children.append(element) } else { root = element }
            open.append(element)
        }

        /// Closes the innermost open element.
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        /// Adds text to the innermost open element.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            open.last?.text += string
        }
    }
}
