import Foundation

/// The checks of the dates a person gives for a lot — packaged on, opened on — and of their provenance: a
/// provenance must be valid (confidence 0…1, raw text a valid note) and of the kind of the date it describes; a
/// day must not be after today on the household's calendar. Nothing is written when one fails.
extension CommandDecision {
    /// The packaged-on day of a purchase and its provenance (typed unless given); a provenance without a day is
    /// checked, then dropped.
    ///
    /// - Throws: ``InventoryError/dateInTheFuture(_:day:product:)`` for a day after today,
    ///   ``InventoryError/provenanceKindMismatch(_:expected:)``, ``InventoryError/invalidConfidence(_:)`` or
    ///   ``InventoryError/invalidName(_:reason:)`` for a provenance that does not fit.
    func packagedOn(
        _ day: CalendarDay?, provenance: LotDateProvenance?, product: ProductReference
    ) throws(InventoryError) -> (day: CalendarDay?, provenance: LotDateProvenance?) {
        try provenance?.validate(describing: [.packagedOn])
        guard let day else { return (nil, nil) }
        try requireNotFuture(day, kind: .packagedOn, product: product)
        return (day, provenance ?? .typed(.packagedOn))
    }

    /// The provenance an opening records: the given one, checked; typed for a day given without one; none for an
    /// opening on the booking's own day unless given.
    ///
    /// - Throws: ``InventoryError/provenanceKindMismatch(_:expected:)``, ``InventoryError/invalidConfidence(_:)``
    ///   or ``InventoryError/invalidName(_:reason:)``.
    func openedOnProvenance(_ provenance: LotDateProvenance?, day: CalendarDay?) throws(InventoryError) -> LotDateProvenance? {
        try provenance?.validate(describing: [.openedOn])
        return provenance ?? day.map { _ in .typed(.openedOn) }
    }

    /// Checks that `day` is not after today on the household's calendar.
    ///
    /// - Throws: ``InventoryError/dateInTheFuture(_:day:product:)``.
    func requireNotFuture(_ day: CalendarDay, kind: LotDateKind, product: ProductReference) throws(InventoryError) {
        guard day <= state.today(in: context.householdID, at: context.now) else {
            throw .dateInTheFuture(kind, day: day, product: product)
        }
    }

    /// The lot dates of an edit checked and completed: a typed provenance for a day given without one, a
    /// provenance without its day (or without an opening) dropped.
    ///
    /// - Throws: ``InventoryError/openedInTheFuture(_:day:)`` or ``InventoryError/dateInTheFuture(_:day:product:)``
    ///   for a day after today; ``InventoryError/provenanceKindMismatch(_:expected:)``,
    ///   ``InventoryError/invalidConfidence(_:)`` or ``InventoryError/invalidName(_:reason:)`` for a provenance
    ///   that does not fit.
    func lotDates(of payload: EditLotPayload, lot: StockLot) throws(InventoryError) -> EditLotPayload {
        var edit = payload
        if let day = payload.openedOn, day > state.today(in: context.householdID, at: context.now) {
            throw .openedInTheFuture(lot.id, day: day)
        }
        edit.openedOnProvenance = try openedOnProvenance(payload.openedOnProvenance, day: payload.openedOn)
        if payload.openedOn == nil, payload.opened != true { edit.openedOnProvenance = nil }
        try payload.packagedOnProvenance?.validate(describing: [.packagedOn])
        switch payload.packagedOn {
        case .set(let day)?:
            try requireNotFuture(day, kind: .packagedOn, product: lot.productID)
            edit.packagedOnProvenance = payload.packagedOnProvenance ?? .typed(.packagedOn)
        case .clear?, nil:
            edit.packagedOnProvenance = nil
        }
        return edit
    }
}
