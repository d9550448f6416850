/// A unit in which stock is counted: "piece", "g", "kg", "pack".
public struct QuantityUnit: Hashable, Sendable, Codable {
    /// The unit's id.
    public var id: UnitID
    /// The unit's name, e.g. `"pack"`.
    public var name: String
    /// The plural name, e.g. `"packs"`, when it differs from the name.
    public var pluralName: String?

    /// Creates a unit value.
    public init(id: UnitID, name: String, pluralName: String? = nil) {
        self.id = id
        self.name = name
        self.pluralName = pluralName
    }
}
