import Foundation
import InventoryKit

/// A reminder an app can schedule as a local notification: what it is about, and the moment it fires.
///
/// Its ``id`` is derived (UUIDv5) from the household, the lot (or the product, for a minimum-stock reminder) and
/// the kind, so every recomputation and every device of the household names the same reminder with the same id:
/// schedule by id, and cancel the ids that a later computation no longer returns (a consumed lot's reminders
/// disappear).
public struct InventoryReminder: Hashable, Sendable, Codable, Identifiable {
    /// The stable id (see ``id(household:lot:kind:)``).
    public var id: UUID
    /// What the reminder is about.
    public var kind: InventoryReminderKind
    /// The household.
    public var householdID: HouseholdID
    /// The lot, or `nil` for a minimum-stock reminder.
    public var lotID: LotID?
    /// The product.
    public var productID: ProductReference
    /// The lot's due date, or `nil` for a minimum-stock reminder.
    public var dueDate: CalendarDay?
    /// The day on the household's calendar the reminder fires on.
    public var day: CalendarDay
    /// The moment it fires: the schedule's local time on ``day`` in the household's time zone.
    public var fireAt: Date
    /// The lot's quantity, or the amount missing to the minimum.
    public var quantity: Decimal
    /// The unit of ``quantity``, when known.
    public var unit: UnitID?

    /// Creates a reminder value.
    public init(
        id: UUID, kind: InventoryReminderKind, householdID: HouseholdID, lotID: LotID?, productID: ProductReference,
        dueDate: CalendarDay?, day: CalendarDay, fireAt: Date, quantity: Decimal, unit: UnitID?
    ) {
        self.id = id
        self.kind = kind
        self.householdID = householdID
        self.lotID = lotID
        self.productID = productID
        self.dueDate = dueDate
        self.day = day
        self.fireAt = fireAt
        self.quantity = quantity
        self.unit = unit
    }

    /// The namespace of reminder ids: UUIDv5 of `https://inventorykit.dev/namespaces/reminder` in the URL namespace.
    static let namespace = InventoryIDGenerator.uuidV5(
        namespace: InventoryNamespace.url.rawValue, name: "https://inventorykit.dev/namespaces/reminder")

    /// The id of the `kind` reminder of a lot: UUIDv5 of `lot:<lot id>:<kind>` in a namespace that is the UUIDv5 of
    /// the household id in the reminder namespace.
    public static func id(household: HouseholdID, lot: LotID, kind: InventoryReminderKind) -> UUID {
        id(household: household, subject: "lot:" + lot.rawValue, kind: kind)
    }

    /// The id of the `kind` reminder of a product (minimum stock): UUIDv5 of `product:<product id>:<kind>` in the
    /// household's reminder namespace.
    public static func id(household: HouseholdID, product: ProductReference, kind: InventoryReminderKind) -> UUID {
        id(household: household, subject: "product:" + product.rawValue, kind: kind)
    }

    private static func id(household: HouseholdID, subject: String, kind: InventoryReminderKind) -> UUID {
        let householdSpace = InventoryIDGenerator.uuidV5(namespace: namespace, name: household.rawValue)
        return InventoryIDGenerator.uuidV5(namespace: householdSpace, name: subject + ":" + kind.rawValue)
    }
}
