import Foundation

/// Why the inventory refused a command. Every case names what was wrong, so the message reads well on its own.
///
/// Thrown by ``InventoryCommandHandler/decide(_:in:context:)`` before any journal entry exists, and by
/// ``UnitConverter``.
public enum InventoryError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// An amount that must be positive was zero or negative.
    case nonPositiveAmount(Decimal)
    /// An amount, factor or price was not a number, negative where that is meaningless, or larger than 10^12.
    case invalidAmount(Decimal)
    /// A name or note broke the text rules (the input is cut to 80 characters).
    case invalidName(String, reason: String)
    /// Product settings held a value the rules reject (a negative day count or minimum).
    case invalidSettings(ProductReference, reason: String)
    /// The context's household has not been created.
    case unknownHousehold(HouseholdID)
    /// `createHousehold` for a household that already exists.
    case householdAlreadyExists(HouseholdID)
    /// No lot with the id (nor an alias of one) holds stock.
    case unknownLot(LotID)
    /// No location with the id exists.
    case unknownLocation(LocationID)
    /// No unit with the id is defined.
    case unknownUnit(UnitID)
    /// The product is neither known to the product module nor in stock.
    case unknownProduct(ProductReference)
    /// No shopping list item with the id exists.
    case unknownShoppingListItem(ShoppingListItemID)
    /// A shopping list item named neither a product nor a note.
    case emptyShoppingListItem
    /// The command named no unit and the product has no stock unit to default to.
    case missingUnit(ProductReference)
    /// The command named no location and the product has no default location.
    case missingLocation(ProductReference)
    /// A lot named by the command holds another product.
    case lotProductMismatch(LotID, product: ProductReference)
    /// More was asked of a product than its lots in scope hold (amounts in the command's unit).
    case overConsumption(product: ProductReference, requested: Decimal, available: Decimal)
    /// A transfer's destination is where the stock already is.
    case transferToSameLocation(LocationID)
    /// No chain of conversions links the two units (for the product, when given).
    case noUnitConversion(from: UnitID, to: UnitID, product: ProductReference?)
    /// A conversion from a unit to itself.
    case conversionToSameUnit(UnitID)
    /// Later transactions, which have not been undone, used lots this transaction produced (created, changed or
    /// merged into): consumed from, moved, opened, edited or split them, or counted them (a correction whose scope
    /// held one). `dependents` lists them in journal order; undo them first, the latest first, then this one.
    case undoRefused(TransactionID, dependents: [TransactionID])
    /// No transaction with the id is in the journal.
    case unknownTransaction(TransactionID)
    /// The transaction has already been undone.
    case alreadyUndone(TransactionID)
    /// The transaction changed master data (households, locations, units, conversions, settings) or was itself
    /// an undo; only stock and shopping list bookings can be undone.
    case notUndoable(TransactionID)
    /// The location still holds stock.
    case locationNotEmpty(LocationID)
    /// The location still has sublocations.
    case locationHasSublocations(LocationID, children: [LocationID])
    /// Making `parent` the location's parent would close a cycle (or make the location its own parent).
    case locationCycle(LocationID, parent: LocationID)
    /// A lot edit that changes nothing.
    case emptyEdit(LotID)
    /// The time zone identifier is not one the system's time zone database knows.
    case unknownTimeZone(String)
    /// There is no such calendar day between the years 1 and 9999.
    case invalidDay(year: Int, month: Int, day: Int)
    /// The conversion would close a cycle: its units already convert into each other through other conversions.
    case conversionCycle(from: UnitID, to: UnitID, product: ProductReference?)
    /// An opening back-dated to a day after today on the household's calendar.
    case openedInTheFuture(LotID, day: CalendarDay)
    /// A recognition confidence is outside 0…1.
    case invalidConfidence(Double)
    /// A reminder time of day is outside 00:00…23:59.
    case invalidReminderTime(hour: Int, minute: Int)
    /// A date provenance of one kind was given for a date of another: `expected` lists the kinds that fit (a
    /// packaged-on day takes ``LotDateKind/packagedOn``, an opening day ``LotDateKind/openedOn``, a due date
    /// ``LotDateKind/bestBefore`` or ``LotDateKind/useBy``).
    case provenanceKindMismatch(LotDateKind, expected: [LotDateKind])
    /// A packaged-on day, or the day of an opening, after today on the household's calendar (an opening
    /// back-dated through ``InventoryCommand/editLot(_:)`` is ``openedInTheFuture(_:day:)``).
    case dateInTheFuture(LotDateKind, day: CalendarDay, product: ProductReference)
    /// The transaction is held by the snapshot this device joined the household from
    /// (``InventorySnapshotFloor``): the device has its effects but not its entries, so only a device that holds
    /// the household's history can undo it.
    case undoBeforeSnapshot(TransactionID, snapshotSeq: Int64)
    /// No over-draw was recorded for the consumption entry: it was not short (or is unknown, or undone).
    case unknownOverdraw(UUID)
    /// The over-draw was settled already, by the transaction named (its dismissal or correction).
    case overdrawAlreadySettled(UUID, by: TransactionID)
    /// A correction names an over-draw of another product than the one it counts.
    case overdrawProductMismatch(UUID, overdrawn: ProductReference, corrected: ProductReference)

    /// A sentence naming what was wrong, e.g. `cannot consume 3 of milk: only 2 available`.
    public var description: String {
        switch self {
        case .nonPositiveAmount(let amount): "amount \(amount) is not positive"
        case .invalidAmount(let amount): "amount \(amount) is not a valid number (finite, at most 10^12)"
        case .invalidName(let name, let reason): "invalid name \(String(reflecting: name)): \(reason)"
        case .invalidSettings(let product, let reason): "invalid stock settings for \(product): \(reason)"
        case .unknownHousehold(let id): "unknown household \(id)"
        case .householdAlreadyExists(let id): "household \(id) already exists"
        case .unknownLot(let id): "unknown lot \(id)"
        case .unknownLocation(let id): "unknown location \(id)"
        case .unknownUnit(let id): "unknown unit \(id)"
        case .unknownProduct(let id): "unknown product \(id)"
        case .unknownShoppingListItem(let id): "unknown shopping list item \(id)"
        case .emptyShoppingListItem: "a shopping list item needs a product or a note"
        case .missingUnit(let product): "no unit given and product \(product) has no stock unit"
        case .missingLocation(let product): "no location given and product \(product) has no default location"
        case .lotProductMismatch(let lot, let product): "lot \(lot) does not hold product \(product)"
        case .overConsumption(let product, let requested, let available):
            "cannot take \(requested) of \(product): only \(available) available"
        case .transferToSameLocation(let id): "the stock is already at location \(id)"
        case .noUnitConversion(let from, let to, let product):
            "no conversion from unit \(from) to unit \(to)" + (product.map { " for product \($0)" } ?? "")
        case .conversionToSameUnit(let id): "a conversion needs two different units, got \(id) twice"
        case .undoRefused(let id, let dependents):
            "cannot undo transaction \(id): later transactions used its stock ("
                + dependents.map(\.description).joined(separator: ", ") + "); undo them first, the latest first"
        case .unknownTransaction(let id): "unknown transaction \(id)"
        case .alreadyUndone(let id): "transaction \(id) is already undone"
        case .notUndoable(let id): "transaction \(id) cannot be undone (only stock and shopping list bookings can)"
        case .locationNotEmpty(let id): "location \(id) still holds stock"
        case .locationHasSublocations(let id, let children):
            "location \(id) still has sublocations (" + children.map(\.description).joined(separator: ", ") + ")"
        case .locationCycle(let id, let parent): "making \(parent) the parent of location \(id) would close a cycle"
        case .emptyEdit(let id): "the edit of lot \(id) changes nothing"
        case .unknownTimeZone(let identifier): "unknown time zone \(String(reflecting: identifier))"
        case .invalidDay(let year, let month, let day):
            "there is no calendar day \(year)-\(month)-\(day) (years 1 to 9999)"
        case .conversionCycle(let from, let to, let product):
            "units \(from) and \(to) already convert into each other through other conversions"
                + (product.map { " for product \($0)" } ?? "") + "; a conversion between them would close a cycle"
        case .openedInTheFuture(let lot, let day): "lot \(lot) cannot be opened on \(day), a day still to come"
        case .invalidConfidence(let value): "recognition confidence \(value) is not between 0 and 1"
        case .invalidReminderTime(let hour, let minute): "\(hour):\(minute) is not a time of day"
        case .provenanceKindMismatch(let kind, let expected):
            "a date provenance of kind \(kind.readableName) cannot describe a date of kind "
                + expected.map(\.readableName).joined(separator: " or ")
        case .dateInTheFuture(let kind, let day, let product):
            "the \(kind.readableName) day of product \(product) cannot be \(day), a day still to come"
        case .undoBeforeSnapshot(let id, let seq):
            "cannot undo transaction \(id) on this device: it joined the household from a snapshot at change \(seq), "
                + "which holds the transaction but not its entries; undo it on a device that has the household's history"
        case .unknownOverdraw(let id): "no over-draw of entry \(id) (the consumption was not short, or is undone)"
        case .overdrawAlreadySettled(let id, let settler): "the over-draw of entry \(id) is already settled by transaction \(settler)"
        case .overdrawProductMismatch(let id, let overdrawn, let corrected):
            "the over-draw of entry \(id) is of product \(overdrawn), not of \(corrected), the product corrected"
        }
    }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }
}
