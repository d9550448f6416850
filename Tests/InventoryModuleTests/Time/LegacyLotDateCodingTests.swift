import Foundation
import InventoryKit
import InventoryModule
import Testing

/// Journal entries and lots of earlier versions have no packaged-on day and no opening provenance; they decode with
/// those absent, and entries of this version stay readable by earlier versions, which ignore the new keys.
@Suite("Lot dates across versions: entries and lots without the new keys decode, new keys are additions")
struct LegacyLotDateCodingTests {
    static let newKeys: Set<String> = ["packagedOn", "packagedOnProvenance", "openedOn", "openedOnProvenance"]

    /// `data` as an earlier version wrote it: the same JSON without the new keys, at any depth.
    static func withoutNewKeys(_ data: Data) throws -> Data {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !newKeys.contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return try JSONSerialization.data(withJSONObject: strip(try JSONSerialization.jsonObject(with: data)))
    }

    static let lot = LotID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 7)))
    static let typedOpening = try? LotDateProvenance(kind: .openedOn, source: .typed)

    /// Operations carrying the new fields, and what an earlier version's entry of the same operation decodes to.
    static let cases: [(InventoryOperation, InventoryOperation)] = [
        (
            .purchase(
                PurchasePayload(
                    lotID: lot, productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, purchasedAt: F.t0,
                    packagedOn: F.cal(-2), packagedOnProvenance: try? LotDateProvenance(kind: .packagedOn, source: .typed))),
            .purchase(
                PurchasePayload(lotID: lot, productID: F.milk, amount: 1, unit: F.litre, locationID: F.fridge, purchasedAt: F.t0))
        ),
        (
            .open(
                OpenPayload(
                    productID: F.milk, amount: 1, unit: F.litre, scope: .lot(lot), openedOn: F.cal(-1),
                    openedOnProvenance: typedOpening)),
            .open(OpenPayload(productID: F.milk, amount: 1, unit: F.litre, scope: .lot(lot)))
        ),
        (
            .editLot(
                EditLotPayload(
                    lotID: lot, note: .set("jar"), openedOn: F.cal(-1), openedOnProvenance: typedOpening,
                    packagedOn: .set(F.cal(-3)))),
            .editLot(EditLotPayload(lotID: lot, note: .set("jar")))
        ),
    ]

    @Test("an entry of an earlier version (no packaged-on or opening-day keys) decodes with those absent")
    func oldEntriesDecode() throws {
        for (current, old) in Self.cases {
            let data = try JSONEncoder().encode(JournalCodingTests.entry(current))
            let legacy = try Self.withoutNewKeys(data)
            #expect(try JSONDecoder().decode(InventoryJournalEntry.self, from: legacy) == JournalCodingTests.entry(old))
            #expect(try JSONDecoder().decode(InventoryJournalEntry.self, from: data) == JournalCodingTests.entry(current))
        }
    }

    /// An opening as earlier versions read it: their keys only.
    struct OldOpenPayload: Decodable {
        var productId: String
        var amount: Decimal
        var unit: String
    }

    @Test("a new entry is the old one plus the new keys: an earlier version's reader ignores them")
    func newEntriesAreAdditions() throws {
        for (current, old) in Self.cases {
            let new = try JSONSerialization.jsonObject(with: try Self.withoutNewKeys(JSONEncoder().encode(current)))
            let previous = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(old))
            #expect((new as? NSDictionary) == (previous as? NSDictionary))
        }
        guard case .open(let payload) = Self.cases[1].0 else { return }
        let data = try JSONEncoder().encode(payload)
        #expect(try JSONDecoder().decode(OldOpenPayload.self, from: data).productId == "milk")
    }

    @Test("a lot stored by an earlier version decodes without a packaged-on day or date provenances")
    func oldLotDecodes() throws {
        var lot = StockLot(
            id: Self.lot, householdID: F.home, productID: F.milk, quantity: 1, unit: F.litre, dueDate: F.cal(3),
            purchasedAt: F.t0, openedAt: F.t0, locationID: F.fridge, status: .opened, packagedOn: F.cal(-2),
            packagedOnProvenance: try LotDateProvenance(kind: .packagedOn, source: .typed),
            openedOnProvenance: Self.typedOpening)
        let legacy = try Self.withoutNewKeys(try JSONEncoder().encode(lot))
        lot.packagedOn = nil
        lot.packagedOnProvenance = nil
        lot.openedOnProvenance = nil
        #expect(try JSONDecoder().decode(StockLot.self, from: legacy) == lot)
    }
}
