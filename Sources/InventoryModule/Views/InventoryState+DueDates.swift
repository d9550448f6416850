import Foundation

extension InventoryState {
    /// The default due-soon window, in days.
    public static let defaultDueSoonDays = 5

    /// Lots due from today up to `days` days later (a product's ``ProductStockSettings/dueSoonDays`` overrides the
    /// window), earliest first, "today" being the day `now` falls on on each lot's household calendar. Lots
    /// already past their due date are not included.
    public func dueSoon(now: Date, days: Int = InventoryState.defaultDueSoonDays) -> [StockLot] {
        var today = HouseholdDays(state: self, now: now)
        return lotTable.all
            .filter { lot in
                guard let due = lot.dueDate else { return false }
                let window = productSettings[lot.productID]?.dueSoonDays ?? days
                let start = today[lot.householdID]
                return due >= start && due <= start.adding(days: window)
            }
            .sorted(by: Self.dueOrder)
    }

    /// Lots whose best-before date is before today on their household's calendar: overdue, often still fine.
    public func overdue(now: Date) -> [StockLot] {
        pastDue(now: now, kind: .bestBefore)
    }

    /// Lots whose expiry date is before today on their household's calendar: expired, to be thrown away.
    public func expired(now: Date) -> [StockLot] {
        pastDue(now: now, kind: .expiry)
    }

    /// Lots of `kind` due before the day of `now` on their household's calendar, earliest first.
    private func pastDue(now: Date, kind: DueDateKind) -> [StockLot] {
        var today = HouseholdDays(state: self, now: now)
        return lotTable.all
            .filter { lot in lot.dueDateKind == kind && (lot.dueDate.map { $0 < today[lot.householdID] } ?? false) }
            .sorted(by: Self.dueOrder)
    }

    /// Earliest due date first, then the consumption order.
    static func dueOrder(_ lhs: StockLot, _ rhs: StockLot) -> Bool {
        if lhs.dueDate != rhs.dueDate, let left = lhs.dueDate, let right = rhs.dueDate { return left < right }
        return consumptionOrder(lhs, rhs)
    }
}
