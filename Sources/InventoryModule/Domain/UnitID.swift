import Foundation
import InventoryKit

/// The identity of a quantity unit ("piece", "g", "kg", "pack").
///
/// ``derived(name:)`` gives the deterministic id of a unit from the `SemanticKey` of its name.
public struct UnitID: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/unit``.
    public static let kind = InventoryIDKind.unit

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

    /// The deterministic id of the unit named `name`: `InventoryIDGenerator.generate(for: .unit, semanticName:)`.
    public static func derived(name: String) -> UnitID {
        UnitID(InventoryIDGenerator.generate(for: .unit, semanticName: name))
    }
}
