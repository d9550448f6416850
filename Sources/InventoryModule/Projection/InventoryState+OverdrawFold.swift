import Foundation

extension InventoryState {
    // MARK: - Recording

    /// Records the over-draw of a consumption the fold could not fully book (`plan.missing > 0`), with the
    /// transactions that took its stock (``OverdrawTaker``'s rule). Called after the plan was withdrawn, so lots
    /// the consumption emptied itself are gone too.
    mutating func noteOverdraw(
        _ payload: ConsumePayload, plan: AllocationPlan, entry: InventoryJournalEntry
    ) {
        guard plan.missing > 0 else { return }
        overdrawHistory.append(
            Overdraw(
                entryID: entry.id, transactionID: entry.transactionID, author: entry.replicaID,
                at: entry.recordedAt, productID: payload.productID, asked: payload.amount,
                taken: payload.amount - plan.missing, unit: payload.unit, spoiled: payload.spoiled,
                takers: takers(of: payload, missing: plan.missing, entry: entry)))
    }

    /// The earlier transactions whose takings emptied the stock `payload` would have drawn from, newest first
    /// until they cover `missing`, returned oldest first, one per transaction.
    private func takers(of payload: ConsumePayload, missing: Decimal, entry: InventoryJournalEntry) -> [OverdrawTaker] {
        let converter = unitConverter
        let scopeLot: LotID? = if case .lot(let id) = payload.scope { resolvedLotID(id) } else { nil }
        let scopeLocation: LocationID? = if case .location(let id) = payload.scope { id } else { nil }
        var covered: Decimal = 0
        var found: [OverdrawTaker] = []
        var seen: Set<TransactionID> = []
        consumption.walkBackward { record in
            guard record.productID == payload.productID, record.transactionID != entry.transactionID,
                scopeLot.map({ $0 == record.lotID }) ?? true,
                scopeLocation.map({ $0 == record.locationID }) ?? true,
                lotTable[record.lotID] == nil
            else { return true }
            covered += (try? converter.convert(
                record.amount, from: record.unit, to: payload.unit, product: payload.productID)) ?? record.amount
            if seen.insert(record.transactionID).inserted {
                found.append(
                    OverdrawTaker(
                        transactionID: record.transactionID, entryID: record.entryID,
                        author: effects[record.transactionID]?.firstOrderKey.replicaID ?? entry.replicaID,
                        at: record.at, reason: record.reason))
            }
            return covered < missing
        }
        return found.reversed()
    }

    // MARK: - Settling

    /// Settles the over-draws of `entryIDs` by `entry`, unless an earlier entry in the total order settled them.
    /// An id with no over-draw (yet) is settled all the same: whether an entry falls short depends on the entries
    /// that sort before it, so the settlement holds by id, whenever the over-draw appears.
    mutating func settleOverdraws(
        _ entryIDs: [UUID], as resolution: OverdrawSettlement.Resolution, entry: InventoryJournalEntry
    ) {
        for id in entryIDs where overdrawSettlements[id] == nil {
            overdrawSettlements[id] = OverdrawSettlement(
                entryID: entry.id, transactionID: entry.transactionID, author: entry.replicaID, at: entry.recordedAt,
                resolution: resolution)
        }
    }
}
