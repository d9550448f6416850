import Foundation
import InventoryKit

/// The identity of a manual shopping list item.
public struct ShoppingListItemID: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/shoppingListItem``.
    public static let kind = InventoryIDKind.shoppingListItem

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
