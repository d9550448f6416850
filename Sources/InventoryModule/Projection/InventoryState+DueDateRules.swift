import Foundation

extension InventoryState {
    /// The due date a purchase or correction of `product` booked at `date` gets for `specification`.
    func dueDate(for specification: DueDateSpecification, product: ProductReference, bookedAt date: Date) -> Date? {
        switch specification {
        case .on(let day): return InventoryCalendar.day(of: day)
        case .never: return nil
        case .productDefault:
            switch productSettings[product]?.defaultDueDays {
            case .days(let days)?: return InventoryCalendar.day(days, after: date)
            case .neverExpires?, nil: return nil
            }
        }
    }

    /// The due date of `lot` once opened at `date`: min(due, opened day + days after opening), when set.
    func dueDateAfterOpening(_ lot: StockLot, at date: Date) -> Date? {
        guard let days = productSettings[lot.productID]?.dueDaysAfterOpening else { return lot.dueDate }
        let opened = InventoryCalendar.day(days, after: date)
        guard let due = lot.dueDate else { return opened }
        return min(due, opened)
    }

    /// The due date of `lot` once moved to `destination` at `date`: frozen (days after freezing) when it enters a
    /// freezer, thawed (days after thawing) when it leaves one, when the product sets those days.
    func dueDateAfterMove(_ lot: StockLot, to destination: LocationID, at date: Date) -> Date? {
        let wasFrozen = locations[lot.locationID]?.isFreezer ?? false
        let isFrozen = locations[destination]?.isFreezer ?? false
        let settings = productSettings[lot.productID]
        switch (wasFrozen, isFrozen) {
        case (false, true):
            guard let days = settings?.dueDaysAfterFreezing else { return lot.dueDate }
            return InventoryCalendar.day(days, after: date)
        case (true, false):
            guard let days = settings?.dueDaysAfterThawing else { return lot.dueDate }
            return InventoryCalendar.day(days, after: date)
        default:
            return lot.dueDate
        }
    }
}
