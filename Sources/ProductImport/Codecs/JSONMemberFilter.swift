/// Which members of a JSON object a filtered parse builds; the others are validated byte by byte and left out.
///
/// A reader that uses a few fields of a large object (an Open Food Facts product has about a hundred members, a
/// reader uses about thirty) parses it with a filter naming those fields, so no text, array or dictionary is built
/// for the rest. Filters nest: ``nested`` filters the object under a kept member in turn.
///
/// Names are matched by their UTF-8 bytes (after escapes are replaced), not by Unicode canonical equivalence as
/// `String` compares: name the members in the form the text spells them (plain ASCII member names are the same
/// either way).
///
/// ```swift
/// let filter = JSONMemberFilter(names: ["code", "product"], nested: ["product": JSONMemberFilter(names: ["brands"])])
/// let document = try JSONParser.parse(data, keeping: filter)
/// ```
struct JSONMemberFilter: Sendable {
    /// Names of the members kept.
    let names: Set<String>
    /// Name prefixes: a member whose name starts with one of them is kept (`"product_name_"`).
    let prefixes: [String]
    /// Filters for the objects under kept members, by member name; a kept member without one is built whole,
    /// as is a member with one whose value is not an object.
    let nested: [String: JSONMemberFilter]

    /// The bytes of `names`, by their count, to match a name in the text without making a `String` of it.
    private let namesByByteCount: [[[UInt8]]]
    /// The bytes of `prefixes`.
    private let prefixBytes: [[UInt8]]

    /// Creates a filter keeping the members named, or named with one of the prefixes.
    init(names: Set<String>, prefixes: [String] = [], nested: [String: JSONMemberFilter] = [:]) {
        self.names = names
        self.prefixes = prefixes
        self.nested = nested
        var byCount = [[[UInt8]]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for name in names { byCount[name.utf8.count].append(Array(name.utf8)) }
        namesByByteCount = byCount
        prefixBytes = prefixes.map { Array($0.utf8) }
    }

    /// Whether a member of that name is kept.
    func keeps(_ name: String) -> Bool {
        keeps(utf8: Array(name.utf8)[...])
    }

    /// Whether a member whose name has these UTF-8 bytes is kept.
    func keeps(utf8 name: ArraySlice<UInt8>) -> Bool {
        if name.count < namesByByteCount.count, namesByByteCount[name.count].contains(where: { $0.elementsEqual(name) }) {
            return true
        }
        return prefixBytes.contains { name.starts(with: $0) }
    }
}
