import Foundation
import InventoryKit

/// The identity of a household, the owner of one inventory journal.
public struct HouseholdID: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/household``.
    public static let kind = InventoryIDKind.household

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
}
