/// Which members of a JSON object a filtered parse builds; the others are validated byte by byte and left out.
///
/// A reader that uses a few fields of a large object (an Open Food Facts product has about a hundred members, a
/// reader uses about thirty) parses it with a filter naming those fields, so no text, array or dictionary is built
/// for the rest. Filters nest: ``nested`` filters the object under a kept member in turn.
///
/// ```swift
/// let filter = JSONMemberFilter(names: ["code", "product"], nested: ["product": JSONMemberFilter(names: ["brands"])])
/// let document = try JSONParser.parse(data, keeping: filter)
/// ```
struct JSONMemberFilter: Sendable {
    /// Names of the members kept.
    var names: Set<String>
    /// Name prefixes: a member whose name starts with one of them is kept (`"product_name_"`).
    var prefixes: [String]
    /// Filters for the objects under kept members, by member name; a kept member without one is built whole,
    /// as is a member with one whose value is not an object.
    var nested: [String: JSONMemberFilter]

    /// Creates a filter keeping the members named, or named with one of the prefixes.
    init(names: Set<String>, prefixes: [String] = [], nested: [String: JSONMemberFilter] = [:]) {
        self.names = names
        self.prefixes = prefixes
        self.nested = nested
    }

    /// Whether a member of that name is kept.
    func keeps(_ name: String) -> Bool {
        names.contains(name) || prefixes.contains { name.hasPrefix($0) }
    }
}
