import Foundation

extension InventoryState {
    /// The due date a purchase or correction of `product` booked at `date` gets for `specification`: the
    /// product's default counts calendar days from the booking's day on the household's calendar.
    func dueDate(
        for specification: DueDateSpecification, product: ProductReference, bookedAt date: Date, in household: HouseholdID
    ) -> CalendarDay? {
        switch specification {
        case .on(let day): return day
        case .never: return nil
        case .productDefault:
            switch productSettings[product]?.defaultDueDays {
            case .days(let days)?: return InventoryCalendar.day(days, after: date, in: timeZone(of: household))
            case .neverExpires?, nil: return nil
            }
        }
    }

    /// The due date of `lot` once opened at `date`: min(due, opened day + days after opening), when set; days on
    /// the household's calendar.
    func dueDateAfterOpening(_ lot: StockLot, at date: Date) -> CalendarDay? {
        guard let days = productSettings[lot.productID]?.dueDaysAfterOpening else { return lot.dueDate }
        let opened = InventoryCalendar.day(days, after: date, in: timeZone(of: lot.householdID))
        guard let due = lot.dueDate else { return opened }
        return min(due, opened)
    }

    /// Opens `lot` at `instant`: opened, its opening time and the opening day's provenance, and the due date the
    /// opening rule works out from that time.
    func open(_ lot: inout StockLot, at instant: Date, provenance: LotDateProvenance?) {
        lot.status = .opened
        lot.openedAt = instant
        lot.openedOnProvenance = provenance
        lot.setEstimatedDueDate(dueDateAfterOpening(lot, at: instant))
    }

    /// The due date of `lot` once moved to `destination` at `date`: frozen (days after freezing) when it enters a
    /// freezer, thawed (days after thawing) when it leaves one, when the product sets those days.
    func dueDateAfterMove(_ lot: StockLot, to destination: LocationID, at date: Date) -> CalendarDay? {
        let wasFrozen = locations[lot.locationID]?.isFreezer ?? false
        let isFrozen = locations[destination]?.isFreezer ?? false
        let settings = productSettings[lot.productID]
        switch (wasFrozen, isFrozen) {
        case (false, true):
            guard let days = settings?.dueDaysAfterFreezing else { return lot.dueDate }
            return InventoryCalendar.day(days, after: date, in: timeZone(of: lot.householdID))
        case (true, false):
            guard let days = settings?.dueDaysAfterThawing else { return lot.dueDate }
            return InventoryCalendar.day(days, after: date, in: timeZone(of: lot.householdID))
        default:
            return lot.dueDate
        }
    }
}

extension InventoryState {
    /// The provenance a purchased lot's due date gets: the payload's when valid (an invalid one is reported and
    /// dropped), a rule's estimate for a product default, none without a due date.
    mutating func provenance(
        of payload: PurchasePayload, due: CalendarDay?, kind: DueDateKind, entry: InventoryJournalEntry
    ) -> LotDateProvenance? {
        guard due != nil else { return nil }
        if case .productDefault = payload.dueDate { return .estimated(kind) }
        guard let given = payload.dueDateProvenance else { return nil }
        guard given.isValid else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "invalid due date provenance"))
            return nil
        }
        return given
    }
}

extension InventoryState {
    /// A packaged-on or opening day's provenance as recorded: `nil` when absent; an invalid one, or one of another
    /// kind, is reported and dropped (the decision refuses both, so only a foreign entry holds one).
    mutating func lotDateProvenance(
        _ given: LotDateProvenance?, kind: LotDateKind, entry: InventoryJournalEntry
    ) -> LotDateProvenance? {
        guard let given else { return nil }
        guard given.isValid(describing: [kind]) else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "invalid \(kind.rawValue) provenance"))
            return nil
        }
        return given
    }
}

extension StockLot {
    /// Sets a due date a rule worked out; when it changes the date, the date is now the rule's estimate.
    mutating func setEstimatedDueDate(_ day: CalendarDay?) {
        guard day != dueDate else { return }
        dueDate = day
        dueDateProvenance = day.map { _ in .estimated(dueDateKind) }
    }
}
