import Foundation

/// The identity of one decided command: every journal entry the command produced shares it, and undo works on
/// whole transactions.
public struct TransactionID: InventoryUUIDID {
    /// The kind named by parsing errors: ``InventoryIDKind/transaction``.
    public static let kind = InventoryIDKind.transaction

    /// The id's UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }
}
