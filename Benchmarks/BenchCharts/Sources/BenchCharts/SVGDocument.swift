import Foundation

/// An SVG document written element by element, indented two spaces a level; every text and attribute value goes
/// through ``SVGText/escaped(_:)``.
struct SVGDocument {
    /// The lines written so far, the XML declaration first.
    private var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    /// How many elements are open.
    private var depth = 0

    /// The document so far, one element a line, ending with a line feed.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Starts an element that holds others.
    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        lines.append(indent + "<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    /// Ends the element `open` started last.
    mutating func close(_ name: String) {
        depth -= 1
        lines.append(indent + "</\(name)>")
    }

    /// An element with only attributes, or with `text` as its content.
    mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        let start = indent + "<\(name)\(Self.attributes(attributes))"
        lines.append(text.map { start + ">\(SVGText.escaped($0))</\(name)>" } ?? start + "/>")
    }

    /// A coordinate with one decimal at most, the same text on every machine: `12.5`, `340`.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.1f", value.isFinite ? value : 0)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text == "-0" ? "0" : text
    }

    /// Two spaces for every open element.
    private var indent: String { String(repeating: "  ", count: depth) }

    /// ` name="value"` for each attribute, values escaped.
    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(SVGText.escaped($0.1))\"" }.joined()
    }
}
