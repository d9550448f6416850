/// The names one manufacturer is known by: its canonical name, aliases, and the brands it owns.
///
/// ```json
/// {"name": "The Coca-Cola Company", "aliases": ["Coca-Cola Company"], "brands": ["Coca-Cola", "Fanta", "Sprite"]}
/// ```
public struct ManufacturerAliases: Hashable, Sendable, Codable {
    /// The canonical name (the manufacturer's id is made from it).
    public var name: String
    /// Other spellings and former names.
    public var aliases: [String]
    /// Brands the manufacturer owns; a product's brand suggests its maker with less confidence than a name.
    public var brands: [String]

    /// Creates an entry.
    public init(name: String, aliases: [String] = [], brands: [String] = []) {
        self.name = name
        self.aliases = aliases
        self.brands = brands
    }

    private enum CodingKeys: String, CodingKey {
        case name, aliases, brands
    }

    /// Decodes an entry; missing lists read as empty.
    ///
    /// - Throws: `DecodingError` when `name` is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        brands = try container.decodeIfPresent([String].self, forKey: .brands) ?? []
    }
}
