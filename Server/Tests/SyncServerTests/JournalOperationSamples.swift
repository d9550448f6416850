import Foundation
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SyncWire
import Testing

// The entries of every operation kind the schema tests check, and how they are pushed and read back.
extension JournalOperationSchemaTests {
    /// An entry of the test household recording `operation`.
    static func entry(_ operation: InventoryOperation, idempotencyKey: IdempotencyKey? = nil) -> InventoryJournalEntry {
        .fixture(operation, in: household, idempotencyKey: idempotencyKey, recordedAt: recordedAt, replica: replica)
    }

    static func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    /// Entries of every operation kind built with the kit's own types, each optional member both present and absent
    /// somewhere, and every form of the nested unions (scopes, due dates, policies, edits, the creation's two forms).
    static func samples() throws -> [InventoryJournalEntry] {
        let pantry = LocationID.derived(household: household, name: "Pantry")
        let cellar = try LocationID("cellar")
        let freezer = LocationID(UUID())
        let piece = UnitID.derived(name: "piece")
        let pack = UnitID.derived(name: "pack")
        let gram = try UnitID("g")
        let kilogram = try UnitID("kg")
        let milk = try ProductReference("4006381333931")
        let eggs = try ProductReference("eggs-free-range")
        let lot = LotID(UUID())
        let day = try CalendarDay(year: 2026, month: 3, day: 11)
        let scanned = try LotDateProvenance(kind: .useBy, source: .scannedLabel, rawText: "EXP 11/03/26", confidence: 0.92)
        let typedPackaged = try LotDateProvenance(kind: .packagedOn, source: .typed)
        let typedOpened = try LotDateProvenance(kind: .openedOn, source: .typed)
        let item = ShoppingListItemID(UUID())

        let operations: [InventoryOperation] = [
            .createHousehold(name: "Home"),
            .createHousehold(name: "Hytta", timeZone: try HouseholdTimeZone(identifier: "Europe/Oslo")),
            .setHouseholdTimeZone(try HouseholdTimeZone(identifier: "Asia/Singapore")),
            .defineLocation(StorageLocation(id: pantry, name: "Pantry")),
            .defineLocation(StorageLocation(id: freezer, name: "Chest freezer", parentID: cellar, isFreezer: true)),
            .removeLocation(cellar),
            .defineUnit(QuantityUnit(id: piece, name: "piece")),
            .defineUnit(QuantityUnit(id: pack, name: "pack", pluralName: "packs")),
            .defineConversion(UnitConversion(from: kilogram, to: gram, factor: 1000)),
            .defineConversion(UnitConversion(from: pack, to: piece, factor: try decimal("0.333333333333333333"), productID: eggs)),
            .setProductSettings(ProductStockSettings(productID: milk)),
            .setProductSettings(
                ProductStockSettings(
                    productID: milk, defaultDueDays: .days(7), dueDateKind: .expiry, dueDaysAfterOpening: 3,
                    dueDaysAfterFreezing: 90, dueDaysAfterThawing: 1, minimumStock: try decimal("2.5"), dueSoonDays: 2,
                    stockUnit: piece, defaultLocation: pantry)),
            .setProductSettings(ProductStockSettings(productID: eggs, defaultDueDays: .neverExpires)),
            .addShoppingListItem(ShoppingListItem(id: item, note: "the organic one", addedAt: recordedAt)),
            .addShoppingListItem(
                ShoppingListItem(id: ShoppingListItemID(UUID()), productID: milk, amount: 2, unit: piece, addedAt: recordedAt)),
            .removeShoppingListItem(item),
            .purchase(
                PurchasePayload(
                    lotID: lot, productID: milk, amount: 2, unit: piece, locationID: pantry, purchasedAt: recordedAt)),
            .purchase(
                PurchasePayload(
                    lotID: LotID(UUID()), productID: milk, amount: try decimal("1.25"), unit: piece, locationID: pantry,
                    dueDate: .on(day), price: try decimal("0.99"), purchasedAt: recordedAt.addingTimeInterval(-3_600.5),
                    note: "for the \"big\" cake", barcode: "4006381333931", dueDateProvenance: scanned,
                    packagedOn: try CalendarDay(year: 2026, month: 3, day: 1), packagedOnProvenance: typedPackaged)),
            .purchase(
                PurchasePayload(
                    lotID: LotID(UUID()), productID: eggs, amount: 12, unit: piece, locationID: freezer, dueDate: .never,
                    purchasedAt: recordedAt)),
            .consume(ConsumePayload(productID: milk, amount: 1, unit: piece)),
            .consume(ConsumePayload(productID: milk, amount: try decimal("0.5"), unit: piece, scope: .location(pantry))),
            .consume(ConsumePayload(productID: milk, amount: 1, unit: piece, scope: .lot(lot), spoiled: true)),
            .open(OpenPayload(productID: milk, amount: 1, unit: piece)),
            .open(
                OpenPayload(
                    productID: milk, amount: 1, unit: piece, scope: .lot(lot), openedOn: day, openedOnProvenance: typedOpened)),
            .transfer(TransferPayload(productID: eggs, amount: 6, unit: piece, scope: .location(pantry), destination: freezer)),
            .transfer(TransferPayload(productID: milk, amount: 1, unit: piece, scope: .lot(lot), destination: freezer)),
            .correct(
                CorrectionPayload(
                    productID: milk, amount: 0, unit: piece, locationID: nil, newLotID: LotID(UUID()),
                    additionLocationID: nil)),
            .correct(
                CorrectionPayload(
                    productID: milk, amount: try decimal("3.5"), unit: piece, locationID: pantry, newLotID: LotID(UUID()),
                    additionLocationID: pantry, dueDate: .on(day), price: 1, settlesOverdraws: [UUID(), UUID()])),
            .editLot(EditLotPayload(lotID: lot, locationID: freezer)),
            .editLot(
                EditLotPayload(
                    lotID: lot, dueDate: .set(day), price: .set(try decimal("1.10")), note: .set("top shelf"),
                    locationID: pantry, opened: true, openedOn: day, openedOnProvenance: typedOpened,
                    packagedOn: .set(try CalendarDay(year: 2026, month: 2, day: 28)), packagedOnProvenance: typedPackaged)),
            .editLot(EditLotPayload(lotID: lot, dueDate: .clear, price: .clear, note: .clear, opened: false, packagedOn: .clear)),
            .undo(TransactionID(UUID())),
            .dismissOverdraw(UUID()),
        ]
        var entries = operations.map { entry($0) }
        // The idempotency key, present on one entry (absent on every other).
        entries.append(entry(.consume(ConsumePayload(productID: eggs, amount: 2, unit: piece)), idempotencyKey: try IdempotencyKey("trip-42")))
        return entries
    }

    /// The entry as a device pushes it: `RecordCoding.encode`, read back as any JSON.
    static func pushed(_ entry: InventoryJournalEntry) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try RecordCoding.encode(entry))
    }

    /// The kit's decoding of a JSON value as a journal entry.
    static func kitDecode(_ value: JSONValue) throws -> InventoryJournalEntry {
        try RecordCoding.decode(InventoryJournalEntry.self, from: Data(try value.jsonText().utf8))
    }

    /// The document with every component schema that names properties closed to them (`additionalProperties:
    /// false` where it says nothing): what the kit writes must name no member the document does not.
    static func closedSpec(_ spec: OpenAPISpec) throws -> OpenAPISpec {
        func closed(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(var members):
                for (key, member) in members { members[key] = closed(member) }
                if members["properties"] != nil, members["additionalProperties"] == nil {
                    members["additionalProperties"] = .bool(false)
                }
                return .object(members)
            case .array(let items): return .array(items.map(closed))
            default: return value
            }
        }
        guard case .object(var root) = spec.root, case .object(var components)? = root["components"],
            case .object(let schemas)? = components["schemas"]
        else {
            Issue.record("the document has no components.schemas")
            return spec
        }
        components["schemas"] = .object(schemas.mapValues(closed))
        root["components"] = .object(components)
        return try OpenAPISpec(data: try JSONEncoder().encode(JSONValue.object(root)))
    }
}

extension JSONValue {
    /// The value with the member at `path` (object keys, outermost first) replaced, or removed when `replacement`
    /// is `nil`; objects missing on the way are made.
    func settingMember(at path: ArraySlice<String>, to replacement: JSONValue?) -> JSONValue {
        guard let key = path.first else { return replacement ?? self }
        guard case .object(var members) = self else { return self }
        if path.count == 1 {
            members[key] = replacement
        } else {
            members[key] = (members[key] ?? .object([:])).settingMember(at: path.dropFirst(), to: replacement)
        }
        return .object(members)
    }
}
