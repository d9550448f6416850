import Foundation

/// The fields of a lot that place it in the consumption order, ordered by that order: opened lots first, then the
/// earliest due date (no due date last), then first in (purchase time), then lot id.
///
/// ``InventoryState/consumptionOrder(_:_:)`` compares lots by their keys, and ``LotIndexes`` keeps each product's
/// lots sorted by them, so the fold takes stock in that order without sorting.
struct LotOrderKey: Comparable, Hashable, Sendable {
    /// Whether the lot is opened.
    var isOpened: Bool
    /// The lot's due date.
    var dueDate: CalendarDay?
    /// When the lot was purchased.
    var purchasedAt: Date
    /// The lot's id, the last tie-break.
    var id: LotID

    /// The key of `lot`, stored under `id`.
    init(_ lot: StockLot, id: LotID) {
        isOpened = lot.isOpened
        dueDate = lot.dueDate
        purchasedAt = lot.purchasedAt
        self.id = id
    }

    /// The key of `lot`, under its own id.
    init(_ lot: StockLot) {
        self.init(lot, id: lot.id)
    }

    /// Whether `lhs` is taken before `rhs`.
    static func < (lhs: LotOrderKey, rhs: LotOrderKey) -> Bool {
        if lhs.isOpened != rhs.isOpened { return lhs.isOpened }
        switch (lhs.dueDate, rhs.dueDate) {
        case (let left?, let right?) where left != right: return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
        return lhs.id < rhs.id
    }
}
