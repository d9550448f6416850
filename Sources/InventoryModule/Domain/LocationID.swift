import Foundation
import InventoryKit

/// The identity of a storage location of a household.
///
/// ``derived(household:name:)`` gives the deterministic id of a location from its household and the
/// `SemanticKey` of its name, so two devices defining "Pantry" and " pantry " offline agree.
public struct LocationID: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/location``.
    public static let kind = InventoryIDKind.location

    /// The id's text.
    public let rawValue: String

    /// Creates a validated id, or `nil` when the text is empty, longer than 256 UTF-8 bytes or holds a control
    /// character.
    public init?(rawValue: String) {
        guard InventoryIDRules.problem(with: rawValue, kind: Self.kind) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// Creates the id whose text is the lowercase form of `uuid`.
    public init(_ uuid: UUID) {
        self.rawValue = UUIDText.lowercase(uuid)
    }

    /// The deterministic id of the location named `name` in `household`: the version 5 UUID of the name's
    /// `SemanticKey` in a namespace that is itself the version 5 UUID of the household id in
    /// `InventoryNamespace.storageLocation`.
    public static func derived(household: HouseholdID, name: String) -> LocationID {
        let namespace = InventoryIDGenerator.generate(for: .storageLocation, name: household.rawValue)
        return LocationID(InventoryIDGenerator.uuidV5(namespace: namespace, name: SemanticKey(name).rawValue))
    }
}
