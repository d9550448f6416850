import Foundation

/// The values to write into an ``InventoryManufacturer`` instance of type `Manufacturer`; `nil` keeps the
/// existing value.
///
/// The patch is generic over the client's manufacturer type so that addresses and people are the client's own
/// ``InventoryManufacturer/Address`` and ``InventoryManufacturer/Contact`` types.
public struct InventoryManufacturerPatch<Manufacturer: InventoryManufacturer>: Sendable {
    /// The new slug, or `nil` to keep it.
    public var slug: String?
    /// The new name, or `nil` to keep it.
    public var name: String?
    /// The new aliases (replacing the old list), or `nil` to keep them.
    public var aliases: [String]?
    /// The new summary, or `nil` to keep it.
    public var summary: String?
    /// The new metadata (replacing the old dictionary), or `nil` to keep it.
    public var metadata: [String: String]?
    /// The new addresses (replacing the old list), or `nil` to keep them.
    public var addresses: [Manufacturer.Address]?
    /// The new e-mail address, or `nil` to keep it.
    public var email: String?
    /// The new website, or `nil` to keep it.
    public var website: URL?
    /// The new associated people (replacing the old list), or `nil` to keep them.
    public var associatedPeople: [Manufacturer.Contact]?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(
        slug: String? = nil, name: String? = nil, aliases: [String]? = nil, summary: String? = nil,
        metadata: [String: String]? = nil, addresses: [Manufacturer.Address]? = nil, email: String? = nil,
        website: URL? = nil, associatedPeople: [Manufacturer.Contact]? = nil
    ) {
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

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply(to instance: inout Manufacturer) {
        if let slug { instance.slug = slug }
        if let name { instance.name = name }
        if let aliases { instance.aliases = aliases }
        if let summary { instance.summary = summary }
        if let metadata { instance.metadata = metadata }
        if let addresses { instance.addresses = addresses }
        if let email { instance.email = email }
        if let website { instance.website = website }
        if let associatedPeople { instance.associatedPeople = associatedPeople }
    }
}
