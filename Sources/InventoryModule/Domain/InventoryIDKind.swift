/// The kind of identifier an ``InventoryIDError`` is about, so the error names which id was wrong.
public enum InventoryIDKind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// A ``HouseholdID``.
    case household
    /// A ``LocationID``.
    case location
    /// A ``LotID``.
    case lot
    /// A ``UnitID``.
    case unit
    /// A ``ProductReference``.
    case product
    /// A ``ShoppingListItemID``.
    case shoppingListItem
    /// An ``IdempotencyKey``.
    case idempotencyKey
    /// A ``TransactionID``.
    case transaction
    /// A ``CorrelationID``.
    case correlation

    /// The kind's name, e.g. `location`.
    public var description: String { rawValue }
}
