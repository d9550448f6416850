import Foundation

extension JSONParser {
    /// A document parsed through a ``JSONMemberFilter``.
    struct FilteredDocument {
        /// The document, its filtered objects holding only the members kept.
        var value: JSONValue
        /// The paths (member names from the top; `[]` is the top-level object) of the filtered objects in `value`
        /// that had members skipped. An object whose members were all skipped is empty in `value`, yet was not
        /// empty in the text.
        var pathsWithSkippedMembers: Set<[String]>

        /// Whether the filtered object at `path` had members skipped.
        func skippedMembers(at path: [String]) -> Bool {
            pathsWithSkippedMembers.contains(path)
        }
    }

    /// Parses one JSON document, building only the members the filter keeps of the top-level object (and, by the
    /// filter's nested filters, of the objects under them); every other member is validated byte by byte and
    /// left out.
    ///
    /// The document must be valid JSON throughout, skipped members included, exactly as for ``parse(_:)``: a text
    /// that is not JSON fails at the same offset with the same reason. A member named twice keeps its last
    /// value, as in ``parse(_:)``. A document that is not an object is built whole.
    ///
    /// - Throws: `Failure` naming the offset and the problem.
    static func parse(_ data: Data, keeping filter: JSONMemberFilter) throws(Failure) -> FilteredDocument {
        var parser = JSONParser(data)
        let value = try parser.parseDocument(.filter(filter, path: []))
        return FilteredDocument(value: value, pathsWithSkippedMembers: parser.pathsWithSkippedMembers)
    }

    /// How the value of a kept member of a filtered object is read: through its nested filter, or built whole.
    ///
    /// A member named again replaces the earlier value, so what was noted of the objects under that value is
    /// forgotten.
    mutating func memberReading(_ name: String, of filter: JSONMemberFilter, at path: [String]) -> Reading {
        guard let nested = filter.nested[name] else { return .build }
        let memberPath = path + [name]
        pathsWithSkippedMembers = pathsWithSkippedMembers.filter { !$0.starts(with: memberPath) }
        return .filter(nested, path: memberPath)
    }
}
