import Foundation

/// The lots an amount is taken from, in order, and what could not be taken.
struct AllocationPlan: Sendable {
    /// The lots taken from, in the order given.
    var allocations: [LotAllocation] = []
    /// The part of the amount no lot held, in the requested unit.
    var missing: Decimal = 0
    /// Lots skipped because their unit does not convert to the requested unit.
    var unconvertible: [StockLot] = []
}
