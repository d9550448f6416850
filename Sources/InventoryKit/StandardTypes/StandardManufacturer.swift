import Foundation

/// A ready-made ``InventoryManufacturer`` value, for clients that do not need their own type.
///
/// Its id is usually derived from the name, so imports converge:
///
/// ```swift
/// let maker = StandardManufacturer(named: "Apple Computer")   // id f21e6e0c-… on every device
/// ```
public struct StandardManufacturer: InventoryManufacturer, Codable, Hashable {
    /// The manufacturer's identifier.
    public var id: UUID
    /// A URL-safe short name.
    public var slug: String
    /// The display name.
    public var name: String
    /// Other names.
    public var aliases: [String]
    /// A description.
    public var summary: String?
    /// Extra metadata.
    public var metadata: [String: String]
    /// Addresses.
    public var addresses: [StandardAddress]
    /// The main e-mail address.
    public var email: String?
    /// The website.
    public var website: URL?
    /// Associated people.
    public var associatedPeople: [StandardContact]

    /// Creates a manufacturer.
    public init(
        id: UUID, slug: String = "", name: String = "", aliases: [String] = [], summary: String? = nil,
        metadata: [String: String] = [:], addresses: [StandardAddress] = [], email: String? = nil,
        website: URL? = nil, associatedPeople: [StandardContact] = []
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.metadata = metadata
        self.addresses = addresses
        self.email = email
        self.website = website
        self.associatedPeople = associatedPeople
    }

    /// Creates a manufacturer whose id is ``InventoryIDGenerator/generate(for:name:)`` of the raw name in the
    /// ``InventoryNamespace/manufacturer`` namespace — byte-compatible with data made by the public kit
    /// InventoryKit grew from.
    public init(named name: String) {
        self.init(id: InventoryIDGenerator.generate(for: .manufacturer, name: name), name: name)
    }
}
