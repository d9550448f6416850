import Foundation
import InventoryKit

/// A caller-chosen key that makes a command apply at most once: a command repeated with a key already in
/// ``InventoryState/idempotencyResults`` decides no entries, and when two devices book a command with the same key
/// before they sync, the projection folds only the transaction first in the total order (the other one's entries
/// leave an ``InventoryAnomaly/duplicateIdempotencyKey(entry:key:original:)``), identically on every replica.
public struct IdempotencyKey: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/idempotencyKey``.
    public static let kind = InventoryIDKind.idempotencyKey

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
