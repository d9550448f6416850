import Foundation

/// A company or person that makes products, stored in a client-owned type.
///
/// A manufacturer is an entity with a stable `id` (refines `Identifiable` with a `UUID` id). Derive it from the
/// name with ``InventoryIDGenerator/generate(for:semanticName:)`` and ``InventoryNamespace/manufacturer`` so
/// that two imports of "Apple Computer" converge on one record.
///
/// Addresses and associated people are stored as the client's own types, named by the associated types
/// ``Address`` and ``Contact``. The protocol does not refine `Codable`; plain structs can add it for free.
///
/// Every requirement is a mutable property so ``InventoryConfigurator`` can populate it; an implementer stores
/// each value and returns exactly what was last set.
public protocol InventoryManufacturer: Identifiable, Sendable where ID == UUID {
    /// The client's address type.
    associatedtype Address: InventoryAddress
    /// The client's contact type.
    associatedtype Contact: InventoryContact

    /// The manufacturer's stable identifier.
    var id: UUID { get set }
    /// A URL-safe short name, such as `"apple-computer"`.
    var slug: String { get set }
    /// The display name, such as `"Apple Computer"`.
    var name: String { get set }
    /// Other names the manufacturer is known by, such as `["Apple", "Apple Inc."]`.
    var aliases: [String] { get set }
    /// A description of the manufacturer.
    ///
    /// Named `summary` rather than `description` so that conforming types do not collide with
    /// `CustomStringConvertible.description`.
    var summary: String? { get set }
    /// Extra key–value metadata that has no dedicated field.
    var metadata: [String: String] { get set }
    /// The manufacturer's addresses.
    var addresses: [Address] { get set }
    /// The manufacturer's main e-mail address.
    var email: String? { get set }
    /// The manufacturer's website.
    var website: URL? { get set }
    /// People associated with the manufacturer.
    var associatedPeople: [Contact] { get set }
}
