import Foundation

/// What a caller asks the inventory to do, before validation. ``InventoryCommandHandler`` turns a command into
/// journal entries (or a typed ``InventoryError``).
public enum InventoryCommand: Hashable, Sendable {
    /// Creates the context's household, in the context's time zone (see ``HouseholdTimeZone`` for how creations
    /// on two devices merge).
    case createHousehold(name: String)
    /// Sets the household's time zone on purpose (the calendar of its due dates, views and reminders): it wins over
    /// the zone any creation brought, and the last change in journal order wins.
    case setHouseholdTimeZone(HouseholdTimeZone)
    /// Defines (or redefines) a storage location.
    case defineLocation(LocationDefinition)
    /// Removes an empty location without sublocations.
    case removeLocation(LocationID)
    /// Defines (or redefines) a quantity unit.
    case defineUnit(UnitDefinition)
    /// Defines (or replaces) a conversion between two units, globally or for one product.
    case defineConversion(UnitConversion)
    /// Sets a product's stock settings.
    case setProductSettings(ProductStockSettings)
    /// Puts an item on the shopping list.
    case addShoppingListItem(ShoppingListRequest)
    /// Takes an item off the shopping list.
    case removeShoppingListItem(ShoppingListItemID)
    /// Books a purchase.
    case purchase(PurchaseRequest)
    /// Books a consumption (used or spoiled).
    case consume(ConsumeRequest)
    /// Opens sealed stock.
    case open(OpenRequest)
    /// Moves stock to another location.
    case transfer(TransferRequest)
    /// Sets a product's stock to a counted amount.
    case correct(CorrectionRequest)
    /// Changes a lot's due date, price, note, location or opened flag.
    case editLot(EditLotPayload)
    /// Undoes a transaction (all its entries together), while no later transaction that is not undone used what it
    /// produced: consumed from, moved, opened, edited, split or counted one of its lots (see
    /// ``InventoryState/dependents(of:)``); otherwise ``InventoryError/undoRefused(_:dependents:)``.
    case undo(TransactionID)
    /// Settles an open over-draw (the short consumption's entry id, ``Overdraw/entryID``) as it is; otherwise
    /// ``InventoryError/unknownOverdraw(_:)`` or ``InventoryError/overdrawAlreadySettled(_:by:)``. To settle one
    /// with a count instead, correct the product with ``CorrectionRequest/settlingOverdraws``.
    case dismissOverdraw(UUID)
}
