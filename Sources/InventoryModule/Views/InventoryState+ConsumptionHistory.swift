import Foundation

extension InventoryState {
    /// The amounts taken out of lots during `interval` (start inclusive, end exclusive) for the given reasons,
    /// in fold order.
    ///
    /// ```swift
    /// let spoiledThisMonth = state.consumption(in: month, reasons: [.spoiled])
    /// ```
    public func consumption(
        in interval: DateInterval, reasons: Set<ConsumptionReason> = Set(ConsumptionReason.allCases)
    ) -> [ConsumptionRecord] {
        consumptionHistory.filter { record in
            reasons.contains(record.reason) && record.at >= interval.start && record.at < interval.end
        }
    }

    /// The amounts `transaction` took out of lots, in fold order.
    ///
    /// Found walking back from the newest record to the transaction's first entry (records are kept in fold order,
    /// which is their entries' time order), so a recent transaction costs its own records, not the household's
    /// history; an unknown transaction costs nothing.
    public func consumption(of transaction: TransactionID) -> [ConsumptionRecord] {
        guard let start = transactions[transaction]?.firstOrderKey.recordedAt else { return [] }
        var found: [ConsumptionRecord] = []
        consumption.walkBackward { record in
            guard record.at >= start else { return false }
            if record.transactionID == transaction { found.append(record) }
            return true
        }
        return found.reversed()
    }

    /// The newest amount taken out of a lot of `product` at or after `since`, or `nil`: walks back from the newest
    /// record and stops at `since`, so its cost is bounded by the records of that window, whatever the history.
    public func lastConsumption(of product: ProductReference, since: Date) -> ConsumptionRecord? {
        var found: ConsumptionRecord?
        consumption.walkBackward { record in
            guard record.at >= since else { return false }
            if record.productID == product { found = record }
            return found == nil
        }
        return found
    }
}
