import Foundation
import InventoryKit

/// A reference to a product of the product module: its `productID` text.
///
/// The inventory module never loads products; the reference is the only key. Convenience data such as a lot's
/// barcode is kept apart and is never a key.
public struct ProductReference: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/product``.
    public static let kind = InventoryIDKind.product

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
