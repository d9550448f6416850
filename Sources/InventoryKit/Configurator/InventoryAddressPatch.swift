import Foundation

/// The values to write into an ``InventoryAddress`` instance; `nil` keeps the existing value.
///
/// Unlike the public kit InventoryKit grew from, every address line is optional here as it is in the protocol,
/// and image identifiers are written too.
public struct InventoryAddressPatch: Sendable, Hashable {
    /// The new label, or `nil` to keep it.
    public var label: String?
    /// The new first address line, or `nil` to keep it.
    public var address: String?
    /// The new second address line, or `nil` to keep it.
    public var address2: String?
    /// The new city, or `nil` to keep it.
    public var city: String?
    /// The new region, or `nil` to keep it.
    public var region: String?
    /// The new postal code, or `nil` to keep it.
    public var postalCode: String?
    /// The new country, or `nil` to keep it.
    public var country: String?
    /// The new notes, or `nil` to keep them.
    public var notes: String?
    /// The new image identifiers (replacing the old list), or `nil` to keep them.
    public var imageIDs: [UUID]?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(
        label: String? = nil, address: String? = nil, address2: String? = nil, city: String? = nil,
        region: String? = nil, postalCode: String? = nil, country: String? = nil, notes: String? = nil,
        imageIDs: [UUID]? = nil
    ) {
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

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply<T: InventoryAddress>(to instance: inout T) {
        if let label { instance.label = label }
        if let address { instance.address = address }
        if let address2 { instance.address2 = address2 }
        if let city { instance.city = city }
        if let region { instance.region = region }
        if let postalCode { instance.postalCode = postalCode }
        if let country { instance.country = country }
        if let notes { instance.notes = notes }
        if let imageIDs { instance.imageIDs = imageIDs }
    }
}
