import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SyncServer
import SyncWire
import Testing
import ThrowawayPostgres

/// The server refuses what the kit refuses: a pushed journal entry whose operation the kit's own command rules
/// would not decide (a name over 256 bytes, a note over 4,096, a negative minimum stock, a conversion to the same
/// unit, a count below zero, a lot's edit opened in the future) is rejected with `invalid_request` and the kit's reason, and nothing of it is stored; every entry the kit
/// does decide still lands.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct KitRulesPushTests {
    /// An operation the kit refuses, with words its reason must hold.
    struct Refused: Sendable, CustomStringConvertible {
        let label: String
        let operation: InventoryOperation
        let reason: String

        var description: String { label }
    }

    static let piece = UnitID.derived(name: "piece")
    static let pack = UnitID.derived(name: "pack")
    static let fridge = LocationID(UUID())

    static func refusedOperations() throws -> [Refused] {
        let long = String(repeating: "x", count: 2_000)
        let milk = try ProductReference("4006381333931")
        let note = String(repeating: "n", count: 4_097)
        return [
            Refused(
                label: "a location name of 2,000 characters",
                operation: .defineLocation(StorageLocation(id: fridge, name: long)), reason: "longer than 256 bytes"),
            Refused(
                label: "a location name of spaces", operation: .defineLocation(StorageLocation(id: fridge, name: "   ")),
                reason: "empty"),
            Refused(
                label: "a unit's plural of 2,000 characters",
                operation: .defineUnit(QuantityUnit(id: piece, name: "piece", pluralName: long)),
                reason: "longer than 256 bytes"),
            Refused(
                label: "a household name with a control character",
                operation: .createHousehold(name: "Home\u{7}"), reason: "control character"),
            Refused(
                label: "a shopping note of 4,097 bytes",
                operation: .addShoppingListItem(ShoppingListItem(
                    id: ShoppingListItemID(UUID()), note: note, addedAt: Date.fixtureEpoch)),
                reason: "longer than 4096 bytes"),
            Refused(
                label: "a purchase note of 4,097 bytes",
                operation: .purchase(PurchasePayload(
                    lotID: LotID(UUID()), productID: milk, amount: 2, unit: piece, locationID: fridge,
                    dueDate: .never, purchasedAt: Date.fixtureEpoch, note: note)),
                reason: "longer than 4096 bytes"),
            Refused(
                label: "a purchase of no amount",
                operation: .purchase(PurchasePayload(
                    lotID: LotID(UUID()), productID: milk, amount: 0, unit: piece, locationID: fridge, dueDate: .never,
                    purchasedAt: Date.fixtureEpoch)),
                reason: "0"),
            Refused(
                label: "a negative minimum stock",
                operation: .setProductSettings(ProductStockSettings(productID: milk, minimumStock: -1)),
                reason: "minimum stock"),
            Refused(
                label: "a conversion of a unit to itself",
                operation: .defineConversion(UnitConversion(from: piece, to: piece, factor: 2)), reason: "two different units"),
            Refused(
                label: "a use of a negative amount",
                operation: .consume(ConsumePayload(productID: milk, amount: -1, unit: piece, scope: .household)),
                reason: "-1"),
            Refused(
                label: "a move of nothing",
                operation: .transfer(TransferPayload(
                    productID: milk, amount: 0, unit: piece, scope: .lot(LotID(UUID())), destination: fridge)),
                reason: "refused by the kit's rules"),
            Refused(
                label: "an opening of more than 10^12",
                operation: .open(OpenPayload(
                    productID: milk, amount: Decimal(sign: .plus, exponent: 13, significand: 1), unit: piece,
                    scope: .location(fridge))),
                reason: "refused by the kit's rules"),
            Refused(
                label: "a negative conversion factor",
                operation: .defineConversion(UnitConversion(from: piece, to: pack, factor: -1)), reason: "-1"),
            Refused(
                label: "a count to a negative amount",
                operation: .correct(CorrectionPayload(
                    productID: milk, amount: -3, unit: piece, locationID: fridge, newLotID: LotID(UUID()),
                    additionLocationID: nil)),
                reason: "-3"),
            Refused(
                label: "a count at a negative price",
                operation: .correct(CorrectionPayload(
                    productID: milk, amount: 3, unit: piece, locationID: nil, newLotID: LotID(UUID()),
                    additionLocationID: fridge, price: -2)),
                reason: "refused by the kit's rules"),
            Refused(
                label: "a lot's note of 4,097 bytes",
                operation: .editLot(EditLotPayload(lotID: LotID(UUID()), note: .set(note))),
                reason: "longer than 4096 bytes"),
            Refused(
                label: "a lot's negative price",
                operation: .editLot(EditLotPayload(lotID: LotID(UUID()), price: .set(-1))),
                reason: "refused by the kit's rules"),
            Refused(
                label: "a lot opened a year from now",
                operation: .editLot(EditLotPayload(
                    lotID: LotID(UUID()), opened: true,
                    openedOn: CalendarDay(utcDayOf: Date().addingTimeInterval(365 * 86_400)))),
                reason: "refused by the kit's rules"),
            Refused(
                label: "a conversion factor over 10^12",
                operation: .defineConversion(UnitConversion(
                    from: piece, to: pack, factor: Decimal(sign: .plus, exponent: 127, significand: 1))),
                reason: "refused by the kit's rules"),
        ]
    }

    @Test(arguments: try refusedOperations())
    func anEntryTheKitRefusesIsRejectedAndNothingIsStored(_ refused: Refused) async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let before = try await server.rowCounts(household)
            let entry = InventoryJournalEntry.fixture(
                refused.operation, in: InventoryModule.HouseholdID(household.rawValue), recordedAt: Date.fixtureEpoch,
                replica: ReplicaID("test-device"))
            let id = entry.id.uuidString.lowercased()
            let response = try await server.push(household, token: token, operations: [
                PushOperation(opId: id, kind: "journal", entityId: id, payload: try KitPayloads.payload(entry))
            ])
            #expect(response.status == .ok)
            let result = try #require(try decode(PushResponse.self, response).results.first)
            #expect(result.status == .rejected)
            #expect(result.code == "invalid_request")
            #expect(result.message?.contains("refused by the kit's rules") == true, "\(result.message ?? "")")
            #expect(result.message?.contains(refused.reason) == true, "\(result.message ?? "") names \(refused.reason)")
            #expect(try await server.rowCounts(household) == before, "nothing of \(refused.label) is stored")
        }
    }

    @Test func everyKindOfEntryTheKitDecidesStillLands() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let operations = try JournalOperationSchemaTests.samples().map { sample in
                var entry = sample
                entry.householdID = InventoryModule.HouseholdID(household.rawValue)
                let id = entry.id.uuidString.lowercased()
                return PushOperation(opId: id, kind: "journal", entityId: id, payload: try KitPayloads.payload(entry))
            }
            // The longest name the kit allows, 256 bytes, lands too.
            let longest = InventoryJournalEntry.fixture(
                .defineLocation(StorageLocation(id: Self.fridge, name: String(repeating: "é", count: 128))),
                in: InventoryModule.HouseholdID(household.rawValue), recordedAt: Date.fixtureEpoch,
                replica: ReplicaID("test-device"))
            let id = longest.id.uuidString.lowercased()
            let all = operations + [
                PushOperation(opId: id, kind: "journal", entityId: id, payload: try KitPayloads.payload(longest))
            ]
            let response = try await server.push(household, token: token, operations: all)
            #expect(response.status == .ok)
            let results = try decode(PushResponse.self, response).results
            #expect(results.count == all.count)
            for result in results where result.status != .applied {
                Issue.record("\(result.opId) was \(result.status.rawValue): \(result.message ?? "")")
            }
        }
    }
}
