import Foundation
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("Journal entries: stable coding and a total order")
struct JournalCodingTests {
    static let lot = F.id(LotID.self, "lot-1")
    static let item = F.id(ShoppingListItemID.self, "item-1")
    static let operations: [(InventoryOperation, String)] = [
        (.createHousehold(name: "Home"), "createHousehold"),
        (.createHousehold(name: "Home", timeZone: (try? HouseholdTimeZone(identifier: "Pacific/Kiritimati")) ?? .utc), "createHousehold"),
        (.defineLocation(StorageLocation(id: F.shelf, name: "Shelf", parentID: F.cellar)), "defineLocation"),
        (.removeLocation(F.pantry), "removeLocation"),
        (.defineUnit(QuantityUnit(id: F.pack, name: "pack", pluralName: "packs")), "defineUnit"),
        (.defineConversion(UnitConversion(from: F.kilogram, to: F.gram, factor: 1000)), "defineConversion"),
        (
            .setProductSettings(ProductStockSettings(productID: F.milk, defaultDueDays: .neverExpires)),
            "setProductSettings"
        ),
        (
            .addShoppingListItem(ShoppingListItem(id: item, note: "bread", amount: F.dec("0.5"), addedAt: F.t0)),
            "addShoppingListItem"
        ),
        (.removeShoppingListItem(item), "removeShoppingListItem"),
        (
            .purchase(
                PurchasePayload(
                    lotID: lot, productID: F.milk, amount: F.dec("1.25"), unit: F.litre, locationID: F.fridge,
                    dueDate: .on(F.cal(3)), price: F.dec("0.99"), purchasedAt: F.t0, note: "n", barcode: "4006381333931"
                )), "purchase"
        ),
        (
            .consume(
                ConsumePayload(productID: F.milk, amount: F.dec("0.1"), unit: F.litre, scope: .lot(lot), spoiled: true)),
            "consume"
        ),
        (.open(OpenPayload(productID: F.milk, amount: 1, unit: F.litre, scope: .location(F.fridge))), "open"),
        (
            .transfer(
                TransferPayload(productID: F.milk, amount: 1, unit: F.litre, scope: .household, destination: F.freezer)),
            "transfer"
        ),
        (
            .correct(
                CorrectionPayload(
                    productID: F.milk, amount: 0, unit: F.litre, locationID: nil, newLotID: lot,
                    additionLocationID: F.fridge,
                    dueDate: .never)), "correct"
        ),
        (
            .editLot(
                EditLotPayload(lotID: lot, dueDate: .clear, price: .set(F.dec("1.5")), note: .set("x"), opened: true)),
            "editLot"
        ),
        (
            .purchase(
                PurchasePayload(
                    lotID: lot, productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, purchasedAt: F.t0,
                    packagedOn: F.cal(-2),
                    packagedOnProvenance: try? LotDateProvenance(
                        kind: .packagedOn, source: .scannedLabel, rawText: "PKD 08.03.26", confidence: 0.5))),
            "purchase"
        ),
        (
            .open(
                OpenPayload(
                    productID: F.milk, amount: 1, unit: F.litre, scope: .lot(lot), openedOn: F.cal(-1),
                    openedOnProvenance: try? LotDateProvenance(kind: .openedOn, source: .typed))),
            "open"
        ),
        (
            .editLot(
                EditLotPayload(
                    lotID: lot, openedOn: F.cal(-1), openedOnProvenance: try? LotDateProvenance(kind: .openedOn, source: .typed),
                    packagedOn: .set(F.cal(-3)), packagedOnProvenance: try? LotDateProvenance(kind: .packagedOn, source: .typed))),
            "editLot"
        ),
        (.editLot(EditLotPayload(lotID: lot, packagedOn: .clear)), "editLot"),
        (.undo(TransactionID(UUID(uuid: (1, 2, 3, 4, 5, 6, 0x47, 8, 0x89, 10, 11, 12, 13, 14, 15, 16)))), "undo"),
        (.dismissOverdraw(UUID(uuid: (2, 2, 3, 4, 5, 6, 0x47, 8, 0x89, 10, 11, 12, 13, 14, 15, 16))), "dismissOverdraw"),
        (
            .correct(
                CorrectionPayload(
                    productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, newLotID: lot,
                    additionLocationID: F.fridge,
                    settlesOverdraws: [UUID(uuid: (3, 2, 3, 4, 5, 6, 0x47, 8, 0x89, 10, 11, 12, 13, 14, 15, 16))])),
            "correct"
        ),
    ]

    /// An entry doing `operation` with every member set: three different ids whose text has hex letters (a coder
    /// that mixed two up, or changed their case, fails), and an idempotency key.
    static func entry(_ operation: InventoryOperation) -> InventoryJournalEntry {
        .fixture(
            operation, in: F.home, id: UUID(uuid: (0xAB, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)),
            transactionID: TransactionID(UUID(uuid: (0xCD, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
            correlationID: CorrelationID(UUID(uuid: (0xEF, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
            idempotencyKey: F.id(IdempotencyKey.self, "key"), recordedAt: F.t0, replica: "a")
    }

    @Test("every operation round-trips through JSON under its stable type name", arguments: operations)
    func roundTrip(operation: InventoryOperation, type: String) throws {
        let original = Self.entry(operation)
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(InventoryJournalEntry.self, from: data) == original)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let encodedOperation = try #require(object["operation"] as? [String: Any])
        #expect(encodedOperation["type"] as? String == type)
        #expect(operation.kind.rawValue == type)
    }

    @Test("decoding an unknown operation type fails instead of dropping the entry")
    func unknownType() {
        let json = #"{"type": "teleport", "value": "x"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(InventoryOperation.self, from: Data(json.utf8)) }
    }

    @Test("entries order by recordedAt, then replica, then id text")
    func totalOrder() {
        func entry(_ seconds: Double, _ replica: String, _ last: UInt8) -> InventoryJournalEntry {
            var entry = Self.entry(.removeLocation(F.pantry))
            entry.recordedAt = F.t0 + seconds
            entry.replicaID = ReplicaID(replica)
            entry.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, last))
            return entry
        }
        let expected = [entry(0, "a", 2), entry(0, "b", 1), entry(0, "b", 3), entry(1, "a", 0)]
        #expect(InventoryJournalEntry.ordered(expected.reversed()) == expected)
        #expect(expected[0] < expected[1] && expected[1] < expected[2] && expected[2] < expected[3])
    }
}
