/// The caller's input for defining a storage location.
public struct LocationDefinition: Hashable, Sendable {
    /// The location to redefine, or `nil` for the id derived from the household and the name
    /// (``LocationID/derived(household:name:)``).
    public var id: LocationID?
    /// The display name.
    public var name: String
    /// The enclosing location, if any.
    public var parentID: LocationID?
    /// Whether the location is a freezer.
    public var isFreezer: Bool

    /// Creates a definition.
    public init(id: LocationID? = nil, name: String, parentID: LocationID? = nil, isFreezer: Bool = false) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.isFreezer = isFreezer
    }
}
