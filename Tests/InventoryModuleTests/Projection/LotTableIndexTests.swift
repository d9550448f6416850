import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import Testing

@Suite("Lot table: the projection's indexes are derived data, always equal to indexes rebuilt from its lots")
struct LotTableIndexTests {
    /// The shape ``InventoryState`` had before its lots got indexes: its stored properties, synthesized `Codable`.
    struct PlainStateShape: Encodable {
        var households: [HouseholdID: Household]
        var locations: [LocationID: StorageLocation]
        var units: [UnitID: QuantityUnit]
        var conversions: [UnitConversionKey: UnitConversion]
        var productSettings: [ProductReference: ProductStockSettings]
        var lots: [LotID: StockLot]
        var lotAliases: [LotID: LotID]
        var shoppingListItems: [ShoppingListItemID: ShoppingListItem]
        var appliedEntryIDs: Set<UUID>
        var transactions: [TransactionID: TransactionEffect]
        var undoneTransactions: Set<TransactionID>
        var idempotencyResults: [IdempotencyKey: TransactionID]
        var anomalies: [InventoryAnomaly]
        var consumptionHistory: [ConsumptionRecord]
        var lastAppliedOrderKey: InventoryJournalOrderKey?
        /// Written only when there are any, as the state writes them.
        var overdraws: [Overdraw]?
        var overdrawSettlements: [UUID: OverdrawSettlement]?

        init(_ state: InventoryState) {
            households = state.households
            locations = state.locations
            units = state.units
            conversions = state.conversions
            productSettings = state.productSettings
            lots = state.lots
            lotAliases = state.lotAliases
            shoppingListItems = state.shoppingListItems
            appliedEntryIDs = state.appliedEntryIDs
            transactions = state.transactions
            undoneTransactions = state.undoneTransactions
            idempotencyResults = state.idempotencyResults
            anomalies = state.anomalies
            consumptionHistory = state.consumptionHistory
            lastAppliedOrderKey = state.lastAppliedOrderKey
            overdraws = state.overdrawHistory.isEmpty ? nil : state.overdrawHistory
            overdrawSettlements = state.overdrawSettlements.isEmpty ? nil : state.overdrawSettlements
        }
    }

    /// Checks that the state's indexes equal indexes rebuilt from its lots, and that a coding round trip gives the
    /// plain shape's bytes, an equal state and equal indexes.
    static func checkDerived(_ state: InventoryState, _ comment: Comment) throws {
        #expect(state.lotTable.indexes == LotIndexes(state.lots), comment)
        let data = try RecordCoding.encode(state)
        #expect(data == (try RecordCoding.encode(PlainStateShape(state))), comment)
        let decoded = try RecordCoding.decode(InventoryState.self, from: data)
        #expect(decoded == state, comment)
        #expect(decoded.lotTable.indexes == state.lotTable.indexes, comment)
    }

    // MARK: - Random journals

    /// A random journal tail over the standard kitchen: purchases (some merging), consumptions, openings,
    /// transfers, corrections, lot edits that move and open lots, undos and location removals, by product,
    /// location and lot scope, decided on two devices that sync now and then.
    static func randomJournal(using random: inout SeededRandomNumberGenerator) throws -> Kitchen {
        var a = try F.kitchen(replica: "a", seed: 1)
        var b = a.forked(replica: "b", seed: 2)
        let products = F.products.sorted()
        let locations = [F.pantry, F.fridge, F.freezer, F.cellar, F.shelf]
        var transactions: [TransactionID] = []
        for step in 0..<Int.random(in: 20...60, using: &random) {
            let product = products.randomElement(using: &random)!
            let location = locations.randomElement(using: &random)!
            let amount = Decimal(Int.random(in: 1...8, using: &random)) / 2
            let device = Bool.random(using: &random)
            let lots = (device ? a : b).state.lots.keys.sorted()
            let lot = lots.randomElement(using: &random)
            let scope: StockScope =
                switch Int.random(in: 0..<3, using: &random) {
                case 0: .household
                case 1: .location(location)
                default: lot.map { .lot($0) } ?? .household
                }
            let command: InventoryCommand
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<7:
                let due: DueDateSpecification =
                    Bool.random(using: &random) ? .productDefault : .on(F.cal(Int.random(in: -3...3, using: &random)))
                command = .purchase(
                    PurchaseRequest(
                        productID: product, amount: amount, locationID: location, dueDate: due,
                        price: Bool.random(using: &random) ? nil : 2))
            case 7..<10:
                command = .consume(ConsumeRequest(productID: product, amount: amount, scope: scope))
            case 10..<12:
                command = .open(OpenRequest(productID: product, amount: amount, scope: scope))
            case 12..<14:
                command = .transfer(
                    TransferRequest(productID: product, amount: amount, scope: scope, destination: location))
            case 14:
                command = .correct(
                    CorrectionRequest(
                        productID: product, amount: amount, locationID: Bool.random(using: &random) ? location : nil))
            case 15..<17:
                guard let lot else { continue }
                command = .editLot(
                    EditLotPayload(
                        lotID: lot, locationID: Bool.random(using: &random) ? location : nil,
                        opened: Bool.random(using: &random)))
            case 17:
                guard let transaction = transactions.randomElement(using: &random) else { continue }
                command = .undo(transaction)
            case 18:
                command = .removeLocation(location)
            default:
                b.receive(a.journal)
                a.receive(b.journal)
                continue
            }
            let entries: [InventoryJournalEntry]?
            if device { entries = try? a.run(command) } else { entries = try? b.run(command) }
            if let transaction = entries?.first?.transactionID { transactions.append(transaction) }
            if step % 10 == 9 { try checkDerived(device ? a.state : b.state, "step \(step)") }
        }
        b.receive(a.journal)
        a.receive(b.journal)
        return a
    }

    @Test("100 seeded two-device journals: indexes equal rebuilt indexes, after every sync and a round trip")
    func randomJournals() throws {
        var lotsSeen = 0
        for seed in 0..<100 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 6_151 &+ 11)
            let kitchen = try Self.randomJournal(using: &random)
            lotsSeen += kitchen.state.lots.count
            try Self.checkDerived(kitchen.state, "seed \(seed)")
            let projected = InventoryProjector.project(kitchen.journal.shuffled(using: &random))
            #expect(projected == kitchen.state, "seed \(seed)")
            try Self.checkDerived(projected, "seed \(seed), projected")
        }
        #expect(lotsSeen > 100)
    }

    @Test("200 seeded journals with reused keys and undos, applied in random orders: indexes stay derived")
    func reusedKeyJournals() throws {
        let kitchen = try F.kitchen()
        let template = try #require(kitchen.journal.last)
        for seed in 0..<200 {
            var random = SeededRandomNumberGenerator(seed: UInt64(seed))
            let added = DuplicateIdempotencyKeyTests.randomEntries(using: &random, template: template)
            let full = InventoryProjector.project(kitchen.journal + added)
            try Self.checkDerived(full, "seed \(seed)")
            let incremental = DuplicateIdempotencyKeyTests.incremental(
                added.shuffled(using: &random), after: kitchen)
            #expect(incremental == full, "seed \(seed)")
            #expect(incremental.lotTable.indexes == full.lotTable.indexes, "seed \(seed)")
        }
    }

    // MARK: - Table operations

    @Test("insert, update and remove keep every bucket exact, and drop emptied buckets")
    func tableOperations() throws {
        var kitchen = try F.kitchen()
        let milk = try kitchen.buy(F.milk, 1)
        let flour = try kitchen.buy(F.flour, 500, at: F.pantry)
        var table = kitchen.state.lotTable
        table.update(milk) { $0.locationID = F.freezer }
        #expect(table.lots(of: F.milk, at: F.fridge).isEmpty)
        #expect(table.lots(of: F.milk, at: F.freezer).map(\.id) == [milk])
        #expect(!table.hasLots(at: F.fridge) && table.hasLots(at: F.freezer))
        var moved = try #require(table[flour])
        moved.productID = F.salt
        table.insert(moved)
        #expect(!table.hasLots(of: F.flour) && table.lots(of: F.salt).map(\.id) == [flour])
        #expect(table.remove(milk)?.id == milk)
        #expect(table.remove(milk) == nil)
        #expect(table.indexes == LotIndexes(table.byID))
        #expect(Set(table.products) == [F.salt])
        #expect(table.indexes.byLocation.keys.sorted() == [F.pantry])
    }

    @Test("a product's lots stay in the consumption order as they open, move and change due dates")
    func productOrder() throws {
        var kitchen = try F.kitchen()
        for day in [4, 1, 3] { try kitchen.buy(F.milk, 1, due: .on(F.cal(day))) }
        let odd = try kitchen.buy(F.milk, 1, due: .never)
        var table = kitchen.state.lotTable
        let byDue = table.lots(of: F.milk).map(\.dueDate)
        #expect(byDue == [F.cal(1), F.cal(3), F.cal(4), nil])
        table.update(odd) { $0.status = .opened }
        #expect(table.lots(of: F.milk).first?.id == odd)
        table.update(odd) { $0.dueDate = CalendarDay(utcDayOf: Date(timeIntervalSinceReferenceDate: .nan)) }
        table.update(odd) { $0.status = .available }
        table.remove(odd)
        #expect(!table.lots(of: F.milk).contains { $0.id == odd })
        #expect(table.indexes == LotIndexes(table.byID))
        let all = table.all.sorted(by: InventoryState.consumptionOrder)
        #expect(table.lots(of: F.milk) == all)
    }

    @Test("the state's views read the indexes and agree with a scan of every lot")
    func viewsAgreeWithScans() throws {
        var random = SeededRandomNumberGenerator(seed: 77)
        let state = try Self.randomJournal(using: &random).state
        for product in F.products.union([F.ghost]) {
            let scanned = state.lots.values.filter { $0.productID == product }
                .sorted(by: InventoryState.consumptionOrder)
            #expect(state.stock(of: product).lots == scanned)
        }
        let grouped = Dictionary(grouping: state.lots.values, by: \.productID)
        #expect(state.stockByProduct().map(\.productID) == grouped.keys.sorted())
        for location in [F.pantry, F.fridge, F.freezer, F.cellar] {
            let stock = state.stock(at: location, includingSublocations: true)
            let scanned = state.lots.values.filter { stock.coveredLocations.contains($0.locationID) }
            #expect(Set(stock.products.flatMap(\.lots)) == Set(scanned))
        }
    }
}
