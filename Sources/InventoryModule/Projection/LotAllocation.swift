import Foundation

/// How much of one lot an operation takes: `amount` in the lot's unit, the whole lot or a part to split off.
struct LotAllocation: Hashable, Sendable {
    /// The lot as it was before the operation.
    var lot: StockLot
    /// The amount taken, in the lot's unit.
    var amount: Decimal
    /// Whether the whole lot is taken.
    var isWhole: Bool
}
