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
}
