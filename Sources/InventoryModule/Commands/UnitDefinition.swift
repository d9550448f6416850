/// The caller's input for defining a quantity unit.
public struct UnitDefinition: Hashable, Sendable {
    /// The unit to redefine, or `nil` for the id derived from the name (``UnitID/derived(name:)``).
    public var id: UnitID?
    /// The unit's name.
    public var name: String
    /// The plural name, if it differs.
    public var pluralName: String?

    /// Creates a definition.
    public init(id: UnitID? = nil, name: String, pluralName: String? = nil) {
        self.id = id
        self.name = name
        self.pluralName = pluralName
    }
}
