import Foundation

/// A person associated with a manufacturer (founder, engineer, press contact), stored in a client-owned type.
///
/// A contact is an entity with a stable `id` (refines `Identifiable` with a `UUID` id; derive it with
/// ``InventoryIDGenerator/generate(for:semanticName:)`` and ``InventoryNamespace/person`` to keep imports free
/// of duplicates). The protocol does not refine `Codable`; plain structs can add it for free.
///
/// Every requirement is a mutable property so ``InventoryConfigurator`` can populate it; an implementer stores
/// each value and returns exactly what was last set.
public protocol InventoryContact: Identifiable, Sendable where ID == UUID {
    /// The contact's stable identifier.
    var id: UUID { get set }
    /// The contact's display name.
    var name: String { get set }
    /// The contact's title or role, such as `"Co-founder"`.
    var title: String? { get set }
    /// The contact's e-mail address.
    var email: String? { get set }
    /// The contact's phone number.
    var phone: String? { get set }
    /// Free-form notes.
    var notes: String? { get set }
    /// Social media handles, one per platform.
    var socialMedia: [InventorySocialHandle] { get set }
}
