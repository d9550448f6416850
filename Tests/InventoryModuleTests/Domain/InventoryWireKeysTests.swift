import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventorySync
import Testing

/// The JSON keys of everything the inventory stores or sends are part of its wire and file format: renaming a
/// Swift property must not rename its key. This pins every key the encoded journal entries, outbox entries and
/// projected state use.
@Suite("Inventory wire keys")
struct InventoryWireKeysTests {
    static let pinned: Set<String> = [
        "addedAt", "additionLocationId", "amount", "confidence", "anomalies", "appliedEntryIDs", "at", "attempts", "barcode",
        "changedLots", "consumptionHistory", "conversions", "correlationId", "countedLots", "createdAt", "createdLots", "date",
        "day", "days", "defaultDueDays", "defaultLocation", "destination", "dueDate", "dueDateKind", "dueDateProvenance", "dueDay",
        "dueDaysAfterFreezing", "dueDaysAfterOpening", "dueDaysAfterThawing", "dueSoonDays", "enqueuedAt",
        "entityID", "entry", "entryId", "entryIds", "factor", "firstOrderKey", "from", "householdId", "households",
        "id", "idempotencyKey", "idempotencyResults", "isFreezer", "isQuarantined", "kind", "lastAppliedOrderKey",
        "locationId", "locations", "lot", "lotAliases", "lotId", "lots", "mergedIntoLots", "minimumStock",
        "missing", "name", "newLotId", "note", "opened", "openedAt", "openedOn", "openedOnProvenance", "packagedOn", "packagedOnProvenance", "operation", "operationID", "operations",
        "parentId", "payload", "pluralName", "price", "product", "productId", "productSettings", "purchasedAt",
        "quantity", "rawText", "reason", "recordedAt", "replicaID", "scope", "sequence", "shoppingListItems", "shortfall", "source",
        "spoiled", "status", "stockUnit", "supersededOperationIDs", "timeZone", "to", "transactionId", "transactions", "type",
        "undoneTransactions", "unit", "units", "unknownLot", "value",
        "overdraws", "overdrawSettlements", "asked", "taken", "takers", "author", "resolution", "settlesOverdraws",
    ]

    @Test("journal entries, outbox entries and the projected state encode with the pinned keys")
    func keysArePinned() throws {
        var keys: Set<String> = []
        for (operation, _) in JournalCodingTests.operations {
            let entry = JournalCodingTests.entry(operation)
            keys.formUnion(try EncodedKeys.of(entry))
            keys.formUnion(
                try EncodedKeys.of(
                    InventoryOutboxEntry(
                        operationID: entry.id, entityID: "home", sequence: 1, payload: InventoryJournalChange(entry: entry),
                        enqueuedAt: Date(timeIntervalSinceReferenceDate: 0))))
        }
        // The busy journal over-draws; a dismissal of its first over-draw adds the settlements.
        let busy = try ProjectionConvergenceTests.busyJournal()
        let overdraw = try #require(InventoryProjector.project(busy).openOverdraws.first)
        var dismissal = JournalCodingTests.entry(.dismissOverdraw(overdraw.entryID))
        dismissal.recordedAt = overdraw.at + 60
        keys.formUnion(try EncodedKeys.of(InventoryProjector.project(busy + [dismissal])))
        #expect(keys == Self.pinned, "added: \(keys.subtracting(Self.pinned).sorted()), lost: \(Self.pinned.subtracting(keys).sorted())")
    }
}
