/// The kind of an ``InventoryOperation``: its stable name, as encoded in `type`.
public enum InventoryOperationKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// ``InventoryOperation/createHousehold(name:timeZone:)``.
    case createHousehold
    /// ``InventoryOperation/setHouseholdTimeZone(_:)``.
    case setHouseholdTimeZone
    /// ``InventoryOperation/defineLocation(_:)``.
    case defineLocation
    /// ``InventoryOperation/removeLocation(_:)``.
    case removeLocation
    /// ``InventoryOperation/defineUnit(_:)``.
    case defineUnit
    /// ``InventoryOperation/defineConversion(_:)``.
    case defineConversion
    /// ``InventoryOperation/setProductSettings(_:)``.
    case setProductSettings
    /// ``InventoryOperation/addShoppingListItem(_:)``.
    case addShoppingListItem
    /// ``InventoryOperation/removeShoppingListItem(_:)``.
    case removeShoppingListItem
    /// ``InventoryOperation/purchase(_:)``.
    case purchase
    /// ``InventoryOperation/consume(_:)``.
    case consume
    /// ``InventoryOperation/open(_:)``.
    case open
    /// ``InventoryOperation/transfer(_:)``.
    case transfer
    /// ``InventoryOperation/correct(_:)``.
    case correct
    /// ``InventoryOperation/editLot(_:)``.
    case editLot
    /// ``InventoryOperation/undo(_:)``.
    case undo
    /// ``InventoryOperation/dismissOverdraw(_:)``.
    case dismissOverdraw

    /// Whether a transaction made only of operations of this kind can be undone: stock and shopping list bookings,
    /// and over-draw dismissals (undoing one reopens the over-draw).
    public var isUndoable: Bool {
        switch self {
        case .purchase, .consume, .open, .transfer, .correct, .editLot, .addShoppingListItem,
            .removeShoppingListItem, .dismissOverdraw:
            true
        case .createHousehold, .setHouseholdTimeZone, .defineLocation, .removeLocation, .defineUnit, .defineConversion,
            .setProductSettings, .undo:
            false
        }
    }
}
