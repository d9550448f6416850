import Foundation

/// A ready-made ``InventoryAddress`` value, for clients that do not need their own type.
public struct StandardAddress: InventoryAddress, Codable, Hashable {
    /// The address's identifier.
    public var id: UUID
    /// A label such as `"Headquarters"`.
    public var label: String?
    /// The first address line.
    public var address: String?
    /// The second address line.
    public var address2: String?
    /// The city.
    public var city: String?
    /// The region, state or province.
    public var region: String?
    /// The postal code.
    public var postalCode: String?
    /// The country.
    public var country: String?
    /// Free-form notes.
    public var notes: String?
    /// Identifiers of images of the site.
    public var imageIDs: [UUID]

    /// Creates an address; every line defaults to `nil`.
    public init(
        id: UUID = UUID(), label: String? = nil, address: String? = nil, address2: String? = nil, city: String? = nil,
        region: String? = nil, postalCode: String? = nil, country: String? = nil, notes: String? = nil,
        imageIDs: [UUID] = []
    ) {
        self.id = id
        self.label = label
        self.address = address
        self.address2 = address2
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.notes = notes
        self.imageIDs = imageIDs
    }
}
