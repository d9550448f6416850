import Foundation
import InventoryModule

extension GrocyService {
    /// `GET stock/transactions/{id}`, and what a write answers: the transaction's bookings as Grocy's stock log rows,
    /// read from the household's state — a consumption per lot it took from, a purchase or count per lot it
    /// created, an opening per lot it opened, a move per lot it moved (with the lot's amount as the household holds
    /// it now, or the amount bought when `purchases` names it). A purchase the kit merged into an identical lot is
    /// that lot's row.
    /// - Parameter purchases: the purchases the transaction's entries booked, when the caller has them (a write
    ///   answering what it booked): their rows show the amount bought rather than the merged lot's amount.
    /// - Throws: ``GrocyRefusal/unknownID(kind:id:)`` when the household has no such transaction.
    func stockLog(
        of transaction: TransactionID, in household: HouseholdID, purchases: [PurchasePayload] = []
    ) async throws -> [GrocyStockLogEntry] {
        let first = try await reading(of: household, products: .only([]))
        guard let effect = first.state.transactions[transaction] else {
            throw GrocyRefusal.unknownID(kind: "transaction", id: transaction.description)
        }
        let consumed = first.state.consumption(of: transaction)
        let type = Self.transactionType(effect.operations)
        let booked: Set<LotID> = switch type {
        case .purchase, .inventoryCorrection: effect.createdLots.union(effect.mergedIntoLots)
        case .productOpened, .transfer: effect.producedLots
        case .consume: []
        }
        let lots = booked.sorted().compactMap { first.state.lot($0) }
            .filter { type != .productOpened || $0.isOpened }
        let products = Set(consumed.map(\.productID)).union(lots.map(\.productID))
        let reading = try await reading(of: household, products: .only(Array(products)))
        let undone = reading.state.undoneTransactions.contains(transaction)
        let keys = consumed.map { "\($0.entryID)\u{1F}\($0.lotID.rawValue)" }
            + lots.map { "\(transaction)\u{1F}\($0.id.rawValue)" }
        let bookingIDs = try await ids.ids(of: .booking, keys, in: household)
        let created = reading.clock.timestamp(effect.firstOrderKey.recordedAt)
        var bought: [LotID: Decimal] = [:]
        for purchase in purchases {
            guard let lot = reading.state.lot(purchase.lotID) else { continue }
            let unit = reading.stockUnit(of: purchase.productID)
            let amount = (try? reading.state.unitConverter.convert(
                purchase.amount, from: purchase.unit, to: unit, product: purchase.productID)) ?? purchase.amount
            bought[lot.id, default: 0] += amount
        }
        var rows: [GrocyStockLogEntry] = []
        for record in consumed {
            guard let id = bookingIDs["\(record.entryID)\u{1F}\(record.lotID.rawValue)"] else { continue }
            let unit = reading.stockUnit(of: record.productID)
            let amount = (try? reading.state.unitConverter.convert(
                record.amount, from: record.unit, to: unit, product: record.productID)) ?? record.amount
            let lot = reading.state.lot(record.lotID)
            rows.append(GrocyStockLogEntry(
                id: id, productID: try reading.product(record.productID).id, amount: -amount,
                bestBefore: reading.clock.day(lot?.dueDate), purchased: reading.clock.day(of: lot?.purchasedAt ?? record.at),
                used: reading.clock.day(of: record.at), spoiled: record.reason == .spoiled,
                stockID: record.lotID.rawValue, transactionID: transaction.description,
                transactionType: record.reason == .corrected ? .inventoryCorrection : type, price: record.price,
                undone: undone, opened: nil, locationID: reading.locationIDs[record.locationID.rawValue], created: created))
        }
        for lot in lots {
            guard let id = bookingIDs["\(transaction)\u{1F}\(lot.id.rawValue)"] else { continue }
            let unit = reading.stockUnit(of: lot.productID)
            rows.append(GrocyStockLogEntry(
                id: id, productID: try reading.product(lot.productID).id,
                amount: bought[lot.id] ?? reading.amount(of: [lot], in: unit, product: lot.productID),
                bestBefore: reading.clock.day(lot.dueDate),
                purchased: reading.clock.day(of: lot.purchasedAt), used: nil, spoiled: false, stockID: lot.id.rawValue,
                transactionID: transaction.description, transactionType: type, price: lot.price, undone: undone,
                opened: lot.openedAt.map { reading.clock.day(of: $0) }, locationID: reading.locationIDs[lot.locationID.rawValue],
                created: created))
        }
        return rows
    }

    /// Grocy's transaction type of a transaction of `operations`.
    static func transactionType(_ operations: [InventoryOperationKind]) -> GrocyStockLogEntry.TransactionType {
        if operations.contains(.purchase) { return .purchase }
        if operations.contains(.correct) { return .inventoryCorrection }
        if operations.contains(.open) { return .productOpened }
        if operations.contains(.transfer) { return .transfer }
        return .consume
    }
}
