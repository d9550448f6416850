/// A place where a household keeps stock (a pantry, a fridge, a shelf in the cellar), in a tree via `parentID`.
///
/// Locations form a forest: a location whose parent chain would lead back to itself, or whose parent is unknown,
/// is rejected by command validation (``InventoryError/locationCycle(_:parent:)``,
/// ``InventoryError/unknownLocation(_:)``). Moving stock into or out of a freezer (`isFreezer`) applies the
/// product's freezing and thawing due-date rules.
public struct StorageLocation: Hashable, Sendable, Codable {
    /// The location's id.
    public var id: LocationID
    /// The location's display name.
    public var name: String
    /// The enclosing location, or `nil` for a top-level one.
    public var parentID: LocationID?
    /// Whether the location freezes what it holds.
    public var isFreezer: Bool

    /// Creates a location value.
    public init(id: LocationID, name: String, parentID: LocationID? = nil, isFreezer: Bool = false) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.isFreezer = isFreezer
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case id, name, parentID = "parentId", isFreezer
    }
}
