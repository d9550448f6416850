import Foundation

/// Something the projection met in the merged order that the deciding replica could not foresee, recorded
/// instead of failing: the entry applied as far as possible.
///
/// Typical causes are concurrent bookings from offline devices: two consumptions that together exceed the stock
/// (a ``shortfall(entry:product:missing:unit:)``), a transfer of a lot another device used up
/// (``unknownLot(entry:lot:)``), a purchase into a location another device removed, one command booked on two
/// devices with the same idempotency key (``duplicateIdempotencyKey(entry:key:original:)``).
public enum InventoryAnomaly: Hashable, Sendable, Codable {
    /// The entry asked for more than its scope held; `missing` (in `unit`) was not booked.
    case shortfall(entry: UUID, product: ProductReference, missing: Decimal, unit: UnitID)
    /// The entry named a lot that holds no stock (used up, undone or never created).
    case unknownLot(entry: UUID, lot: LotID)
    /// The entry named a location that does not exist; stock booked there is kept.
    case unknownLocation(entry: UUID, location: LocationID)
    /// The entry named a unit that is not defined; stock booked in it is kept.
    case unknownUnit(entry: UUID, unit: UnitID)
    /// A lot's unit could not be converted to the entry's unit; the lot was left alone.
    case noUnitConversion(entry: UUID, from: UnitID, to: UnitID, product: ProductReference)
    /// A location definition would have closed a cycle; the location was kept without a parent.
    case locationCycle(entry: UUID, location: LocationID, parent: LocationID)
    /// A removal of a location that holds stock or sublocations; the location was kept.
    case locationNotEmpty(entry: UUID, location: LocationID)
    /// The entry's payload breaks a rule commands enforce (a non-positive amount, a reused lot id); it was skipped.
    case invalidOperation(entry: UUID, reason: String)
    /// An undo of a transaction that is itself an undo; it was ignored.
    case invalidUndo(entry: UUID, transaction: TransactionID)
    /// Two different entries share an id; the one first in the total order was kept.
    case conflictingDuplicate(entry: UUID)
    /// The entry carries an idempotency key that `original`, a transaction earlier in the total order, already used
    /// (the same command booked on two devices before they synced); the entry was skipped, so the key's command
    /// counts once. Every entry of the later transaction that carries the key gets one.
    case duplicateIdempotencyKey(entry: UUID, key: IdempotencyKey, original: TransactionID)

    /// The id of the entry the anomaly is about.
    public var entryID: UUID {
        switch self {
        case .shortfall(let entry, _, _, _), .unknownLot(let entry, _), .unknownLocation(let entry, _),
            .unknownUnit(let entry, _), .noUnitConversion(let entry, _, _, _), .locationCycle(let entry, _, _),
            .locationNotEmpty(let entry, _), .invalidOperation(let entry, _), .invalidUndo(let entry, _),
            .conflictingDuplicate(let entry), .duplicateIdempotencyKey(let entry, _, _):
            entry
        }
    }
}
