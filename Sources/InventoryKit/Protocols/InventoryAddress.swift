import Foundation

/// A postal or site address of a manufacturer or contact, stored in a client-owned type.
///
/// An address is an entity with a stable `id` (refines `Identifiable` with a `UUID` id) so that clients can
/// attach images and edit it in place. All address lines are optional: real data often carries only a city or
/// a country. The protocol does not refine `Codable`, because model objects of persistence frameworks often
/// cannot be; plain structs can add `Codable` for free.
///
/// Every requirement is a mutable property so ``InventoryConfigurator`` can populate it; an implementer stores
/// each value and returns exactly what was last set.
public protocol InventoryAddress: Identifiable, Sendable where ID == UUID {
    /// The address's stable identifier.
    var id: UUID { get set }
    /// A label that tells addresses apart, such as `"Headquarters"` or `"Warehouse"`.
    var label: String? { get set }
    /// The first address line (street and number).
    var address: String? { get set }
    /// The second address line (suite, floor, building).
    var address2: String? { get set }
    /// The city or locality.
    var city: String? { get set }
    /// The region, state or province.
    var region: String? { get set }
    /// The postal code.
    var postalCode: String? { get set }
    /// The country, preferably as an ISO 3166-1 code.
    var country: String? { get set }
    /// Free-form notes.
    var notes: String? { get set }
    /// Identifiers of images of the site (photos, maps), kept in a data store.
    var imageIDs: [UUID] { get set }
}
