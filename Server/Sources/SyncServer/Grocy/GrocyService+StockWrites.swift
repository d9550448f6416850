import Foundation
import InventoryKit
import InventoryModule

extension GrocyService {
    /// The Grocy stock writes InventoryKit answers.
    enum StockWrite: String, Sendable, CaseIterable {
        case add, consume, open, inventory
    }

    /// `POST stock/products/{id}/{add,consume,open,inventory}` (and by barcode): the kit's purchase, use, opening or
    /// count, decided against the replica and appended; answers the transaction's stock log rows.
    func write(
        _ write: StockWrite, product: ProductReference, body: GrocyBody, key: GrocyKey, submission: UUID
    ) async throws -> [GrocyStockLogEntry] {
        let household = key.householdID
        var location: LocationID?
        if let id = try body.int("location_id") { location = try await self.location(id, of: household) }
        var unit: UnitID?
        if let id = try body.int("qu_id") { unit = try await self.unit(id, of: household) }
        let (namedLocation, namedUnit) = (location, unit)
        let lot = try body.string("stock_entry_id").map { text throws(GrocyRefusal) in
            guard let lot = LotID(rawValue: text) else { throw .badRequest("stock_entry_id \(text) is not a stock entry.") }
            return lot
        }
        let command = try Self.commandMaker(
            write, product: product, body: body, location: namedLocation, unit: namedUnit, lot: lot, now: now())
        let booking = try await commands.book(for: key, submission: submission, knownProducts: [product]) {
            state throws(WebCommandService.Refusal) in try command(state)
        }
        return try await answer(booking, submission: submission, household: household)
    }

    /// The stock log rows of what a booking booked (or, for a retry, of what its first attempt booked).
    func answer(
        _ booking: WebCommandService.Booking, submission: UUID, household: HouseholdID
    ) async throws -> [GrocyStockLogEntry] {
        if case .booked(let seq) = booking.outcome { marks.wrote(household, through: seq) }
        var transaction = booking.entries.first?.transactionID
        if transaction == nil {
            let state = try await reading(of: household, products: .only([])).state
            transaction = state.idempotencyResults[IdempotencyKey(submission)]
        }
        guard let transaction else { return [] }
        let purchases = booking.entries.compactMap { entry -> PurchasePayload? in
            if case .purchase(let purchase) = entry.operation { return purchase }
            return nil
        }
        return try await stockLog(of: transaction, in: household, purchases: purchases)
    }

    /// The command a stock write books, built from the household's state when it is decided.
    private static func commandMaker(
        _ write: StockWrite, product: ProductReference, body: GrocyBody, location: LocationID?, unit: UnitID?,
        lot: LotID?, now: Date
    ) throws(GrocyRefusal) -> @Sendable (InventoryState) throws(WebCommandService.Refusal) -> InventoryCommand {
        let amountKey = write == .inventory ? "new_amount" : "amount"
        let amount = try body.decimal(amountKey)
        let spoiled = try body.flag("spoiled") ?? false
        let price = try body.decimal("price")
        let due = try body.string("best_before_date").map { text throws(GrocyRefusal) in
            guard let due = GrocyClock.dueDate(text) else {
                throw .badRequest("best_before_date \(text) is not a day (YYYY-MM-DD).")
            }
            return due
        }
        if let type = try body.string("transaction_type"), write == .consume, type != "consume" {
            throw .badRequest("InventoryKit books a use only as transaction_type consume, not \(type).")
        }
        if write != .open, amount == nil { throw .badRequest("\(amountKey) is required.") }
        let scope: StockScope = lot.map { .lot($0) } ?? location.map { .location($0) } ?? .household
        return { state throws(WebCommandService.Refusal) in
            let stockUnit = unit ?? GrocyReading.bookingUnit(of: product, in: state)
            guard let stockUnit else {
                throw .rules("The product \(product.rawValue) has no stock unit and the household more than one unit; send qu_id or set the product's stock unit.")
            }
            switch write {
            case .add:
                guard let place = location ?? GrocyReading.bookingLocation(of: product, in: state) else {
                    throw .rules("location_id is required: the product \(product.rawValue) has no default location.")
                }
                return .purchase(PurchaseRequest(
                    productID: product, amount: amount ?? 0, unit: stockUnit, locationID: place,
                    dueDate: due ?? .productDefault, price: price, purchasedAt: now))
            case .consume:
                return .consume(ConsumeRequest(
                    productID: product, amount: amount ?? 0, unit: stockUnit, scope: scope, spoiled: spoiled))
            case .open:
                return .open(OpenRequest(productID: product, amount: amount ?? 1, unit: stockUnit, scope: scope))
            case .inventory:
                // Grocy counts the product's whole stock; the kit counts where it is told. A location given, or
                // the one location holding the product, is where the count is; otherwise the whole household.
                let lots = state.stock(of: product).lots
                let held = Set(lots.map(\.locationID))
                let place = location ?? (held.count == 1 ? held.first : nil)
                // Grocy refuses a count that changes nothing rather than answer an empty stock log.
                let converter = state.unitConverter
                let counted = lots.filter { place == nil || $0.locationID == place }
                    .reduce(into: Decimal(0)) { total, lot in
                        total += (try? converter.convert(lot.quantity, from: lot.unit, to: stockUnit, product: product)) ?? 0
                    }
                if counted == amount ?? 0 {
                    throw .rules("The new amount cannot equal the current stock amount")
                }
                return .correct(CorrectionRequest(
                    productID: product, amount: amount ?? 0, unit: stockUnit, locationID: place,
                    dueDate: due ?? .productDefault, price: price))
            }
        }
    }

    /// `POST stock/transactions/{id}/undo`: the kit's undo of the whole transaction.
    func undo(_ transaction: TransactionID, key: GrocyKey, submission: UUID) async throws {
        let booking = try await commands.book(for: key, submission: submission) { _ in .undo(transaction) }
        if case .booked(let seq) = booking.outcome { marks.wrote(key.householdID, through: seq) }
    }

    /// The location an integer id names.
    func location(_ id: Int32, of household: HouseholdID) async throws -> LocationID {
        guard let key = try await ids.key(of: .location, id: id, in: household), let location = LocationID(rawValue: key)
        else { throw GrocyRefusal.unknownID(kind: "location", id: "\(id)") }
        return location
    }

    /// The unit an integer id names.
    func unit(_ id: Int32, of household: HouseholdID) async throws -> UnitID {
        guard let key = try await ids.key(of: .unit, id: id, in: household), let unit = UnitID(rawValue: key)
        else { throw GrocyRefusal.unknownID(kind: "quantity unit", id: "\(id)") }
        return unit
    }
}
