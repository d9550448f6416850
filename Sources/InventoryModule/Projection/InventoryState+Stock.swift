import Foundation

extension InventoryState {
    // MARK: - Purchase

    /// Adds a purchase: merged into the first identical sealed lot (same product, location, due date and kind,
    /// packaged-on day, unit, price and note), whose id its own lot id then aliases, or a new lot. The surviving lot
    /// keeps its date provenances, as it keeps its due date's. A purchase whose note differs from every such lot's
    /// (one with a note where the lot has none included) is a lot of its own, so no note is lost or given to
    /// items it was not written for.
    mutating func foldPurchase(_ payload: PurchasePayload, entry: InventoryJournalEntry) {
        guard isPositive(payload.amount, entry: entry), isValidPrice(payload.price, entry: entry),
            isFreshLotID(payload.lotID, entry: entry)
        else { return }
        reportUnknown(unit: payload.unit, location: payload.locationID, entry: entry)
        let due = dueDate(
            for: payload.dueDate, product: payload.productID, bookedAt: payload.purchasedAt, in: entry.householdID)
        let kind = productSettings[payload.productID]?.dueDateKind ?? .bestBefore
        // The merge key's product and location select the index bucket; the other fields are compared as before.
        let survivor = lotTable.lots(of: payload.productID, at: payload.locationID)
            .filter { lot in
                lot.householdID == entry.householdID && lot.productID == payload.productID
                    && lot.locationID == payload.locationID && lot.dueDate == due && lot.unit == payload.unit
                    && lot.dueDateKind == kind && lot.price == payload.price && lot.status == .available
                    && lot.packagedOn == payload.packagedOn && lot.note == payload.note
            }
            .min { ($0.purchasedAt, $0.id) < ($1.purchasedAt, $1.id) }
        if let survivor {
            lotTable.update(survivor.id) { lot in
                lot.quantity += payload.amount
                if survivor.barcode == nil { lot.barcode = payload.barcode }
            }
            lotAliases[payload.lotID] = survivor.id
            noteMerged(into: survivor.id, by: entry)
            return
        }
        lotTable.insert(
            StockLot(
                id: payload.lotID, householdID: entry.householdID, productID: payload.productID,
                quantity: payload.amount, unit: payload.unit, dueDate: due, dueDateKind: kind,
                purchasedAt: payload.purchasedAt, price: payload.price, locationID: payload.locationID,
                note: payload.note, barcode: payload.barcode,
                dueDateProvenance: provenance(of: payload, due: due, kind: kind, entry: entry),
                packagedOn: payload.packagedOn,
                packagedOnProvenance: payload.packagedOn == nil
                    ? nil : lotDateProvenance(payload.packagedOnProvenance, kind: .packagedOn, entry: entry)))
        noteCreated(payload.lotID, by: entry)
    }

    // MARK: - Consume

    /// Takes the amount out of the scope's lots in the consumption order, capped at what is there (the rest is a
    /// shortfall, and an ``Overdraw``). A lot scope naming a lot without stock is a shortfall of the whole amount:
    /// the stock is gone.
    mutating func foldConsume(_ payload: ConsumePayload, entry: InventoryJournalEntry) {
        guard isPositive(payload.amount, entry: entry) else { return }
        let candidates =
            (try? candidateLots(product: payload.productID, scope: payload.scope, household: entry.householdID)) ?? []
        let plan = allocate(payload.amount, unit: payload.unit, product: payload.productID, from: candidates)
        withdraw(plan, reason: payload.spoiled ? .spoiled : .consumed, entry: entry)
        report(plan, product: payload.productID, unit: payload.unit, entry: entry)
        noteOverdraw(payload, plan: plan, entry: entry)
    }

    // MARK: - Open

    /// Opens the amount of the scope's sealed lots, earliest due first; a partly opened lot splits. A back-dated
    /// opening opens them as of its day's start on the household's calendar.
    mutating func foldOpen(_ payload: OpenPayload, entry: InventoryJournalEntry) {
        guard isPositive(payload.amount, entry: entry),
            let candidates = candidates(payload.productID, payload.scope, sealedOnly: true, entry: entry)
        else { return }
        let plan = allocate(payload.amount, unit: payload.unit, product: payload.productID, from: candidates)
        let openedAt = payload.openedOn.map { InventoryCalendar.instant(0, on: $0, in: timeZone(of: entry.householdID)) }
            ?? entry.recordedAt
        let provenance = lotDateProvenance(payload.openedOnProvenance, kind: .openedOn, entry: entry)
        var splits = 0
        for allocation in plan.allocations {
            var opened = allocation.isWhole ? allocation.lot : split(allocation, index: &splits, entry: entry)
            open(&opened, at: openedAt, provenance: provenance)
            lotTable.insert(opened)
            noteChanged(opened.id, by: entry)
        }
        report(plan, product: payload.productID, unit: payload.unit, entry: entry)
    }

    // MARK: - Transfer

    /// Moves the amount to the destination lot by lot; a partly moved lot splits; freezer rules apply. A lot that
    /// is already at the destination (another device moved it there) stays as it is.
    mutating func foldTransfer(_ payload: TransferPayload, entry: InventoryJournalEntry) {
        if case .lot(let id) = payload.scope, let lot = lot(id), lot.locationID == payload.destination,
            lot.productID == payload.productID
        {
            return
        }
        guard isPositive(payload.amount, entry: entry),
            let candidates = candidates(
                payload.productID, payload.scope, excluding: payload.destination, entry: entry)
        else { return }
        if locations[payload.destination] == nil {
            anomalies.append(.unknownLocation(entry: entry.id, location: payload.destination))
        }
        let plan = allocate(payload.amount, unit: payload.unit, product: payload.productID, from: candidates)
        var splits = 0
        for allocation in plan.allocations {
            var moved = allocation.isWhole ? allocation.lot : split(allocation, index: &splits, entry: entry)
            moved.setEstimatedDueDate(dueDateAfterMove(moved, to: payload.destination, at: entry.recordedAt))
            moved.locationID = payload.destination
            lotTable.insert(moved)
            noteChanged(moved.id, by: entry)
        }
        report(plan, product: payload.productID, unit: payload.unit, entry: entry)
    }

    // MARK: - Correct

    /// Sets the product's total in the scope to the amount: adds the difference as a new lot, or consumes it. Every
    /// lot in the scope is counted (``TransactionEffect/countedLots``).
    mutating func foldCorrection(_ payload: CorrectionPayload, entry: InventoryJournalEntry) {
        guard payload.amount >= 0, InventoryQuantity.isValid(payload.amount) else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "correction to \(payload.amount)"))
            return
        }
        guard isValidPrice(payload.price, entry: entry) else { return }
        let scope: StockScope = payload.locationID.map { .location($0) } ?? .household
        guard let candidates = candidates(payload.productID, scope, entry: entry) else { return }
        // What the correction adds or takes depends on every lot in its scope: undoing the transaction that
        // produced one of them would change it, so each counted lot blocks that undo.
        for lot in candidates { noteCounted(lot.id, by: entry) }
        let converter = unitConverter
        for lot in candidates where !converter.canConvert(from: lot.unit, to: payload.unit, product: lot.productID) {
            anomalies.append(
                .noUnitConversion(entry: entry.id, from: lot.unit, to: payload.unit, product: payload.productID))
        }
        let current = total(of: candidates, in: payload.unit, product: payload.productID)
        if payload.amount < current {
            let plan = allocate(
                current - payload.amount, unit: payload.unit, product: payload.productID, from: candidates)
            withdraw(plan, reason: .corrected, entry: entry)
        } else if payload.amount > current {
            guard let location = payload.additionLocationID ?? payload.locationID else {
                anomalies.append(.invalidOperation(entry: entry.id, reason: "no location for the increase"))
                return
            }
            guard isFreshLotID(payload.newLotID, entry: entry) else { return }
            reportUnknown(unit: payload.unit, location: location, entry: entry)
            lotTable.insert(
                StockLot(
                    id: payload.newLotID, householdID: entry.householdID, productID: payload.productID,
                    quantity: payload.amount - current, unit: payload.unit,
                    dueDate: dueDate(
                        for: payload.dueDate, product: payload.productID, bookedAt: entry.recordedAt,
                        in: entry.householdID),
                    dueDateKind: productSettings[payload.productID]?.dueDateKind ?? .bestBefore,
                    purchasedAt: entry.recordedAt, price: payload.price, locationID: location))
            noteCreated(payload.newLotID, by: entry)
        }
    }

    // MARK: - Edit

    /// Changes a lot: location (with the freezer rules), opened flag (with the opening rule), then the explicit
    /// due date, packaged-on day, price and note.
    mutating func foldEditLot(_ payload: EditLotPayload, entry: InventoryJournalEntry) {
        guard var lot = lot(payload.lotID) else {
            anomalies.append(.unknownLot(entry: entry.id, lot: payload.lotID))
            return
        }
        guard isValidPrice(payload.price?.newValue, entry: entry) else { return }
        if let destination = payload.locationID, destination != lot.locationID {
            if locations[destination] == nil {
                anomalies.append(.unknownLocation(entry: entry.id, location: destination))
            }
            lot.setEstimatedDueDate(dueDateAfterMove(lot, to: destination, at: entry.recordedAt))
            lot.locationID = destination
        }
        if let day = payload.openedOn {
            open(
                &lot, at: InventoryCalendar.instant(0, on: day, in: timeZone(of: lot.householdID)),
                provenance: lotDateProvenance(payload.openedOnProvenance, kind: .openedOn, entry: entry))
        }
        switch payload.opened {
        case true? where !lot.isOpened && payload.openedOn == nil:
            open(
                &lot, at: entry.recordedAt,
                provenance: lotDateProvenance(payload.openedOnProvenance, kind: .openedOn, entry: entry))
        case false? where lot.isOpened:
            lot.status = .available
            lot.openedAt = nil
            lot.openedOnProvenance = nil
        default:
            break
        }
        if let edit = payload.dueDate {
            lot.dueDate = edit.newValue
            lot.dueDateProvenance = edit.newValue.map { _ in .typed(lot.dueDateKind == .expiry ? .useBy : .bestBefore) }
        }
        if let edit = payload.packagedOn {
            lot.packagedOn = edit.newValue
            lot.packagedOnProvenance = edit.newValue == nil
                ? nil : lotDateProvenance(payload.packagedOnProvenance, kind: .packagedOn, entry: entry)
        }
        if let edit = payload.price { lot.price = edit.newValue }
        if let edit = payload.note { lot.note = edit.newValue }
        lotTable.insert(lot)
        noteChanged(lot.id, by: entry)
    }

    // MARK: - Helpers

    /// The product's lots in the scope, or `nil` (and an anomaly) when a lot scope names no lot of the product.
    private mutating func candidates(
        _ product: ProductReference, _ scope: StockScope, sealedOnly: Bool = false,
        excluding destination: LocationID? = nil, entry: InventoryJournalEntry
    ) -> [StockLot]? {
        do {
            return try candidateLots(
                product: product, scope: scope, household: entry.householdID, sealedOnly: sealedOnly,
                excluding: destination)
        } catch {
            if case .lot(let id) = scope { anomalies.append(.unknownLot(entry: entry.id, lot: id)) }
            return nil
        }
    }

    /// Takes the planned amounts out of their lots, dropping emptied lots, and records the history.
    private mutating func withdraw(_ plan: AllocationPlan, reason: ConsumptionReason, entry: InventoryJournalEntry) {
        for allocation in plan.allocations {
            let lot = allocation.lot
            if allocation.isWhole {
                lotTable.remove(lot.id)
            } else {
                lotTable.update(lot.id) { $0.quantity -= allocation.amount }
            }
            noteChanged(lot.id, by: entry)
            consumption.append(
                ConsumptionRecord(
                    entryID: entry.id, transactionID: entry.transactionID, productID: lot.productID, lotID: lot.id,
                    amount: allocation.amount, unit: lot.unit, locationID: lot.locationID, price: lot.price,
                    reason: reason, at: entry.recordedAt))
        }
    }

    /// Splits the allocated part off its lot as a new lot (`LotID.split(entry:index:)`), returning the new lot.
    private mutating func split(
        _ allocation: LotAllocation, index: inout Int, entry: InventoryJournalEntry
    ) -> StockLot {
        index += 1
        var part = allocation.lot
        part.id = LotID.split(entry: entry.id, index: index)
        part.quantity = allocation.amount
        lotTable.update(allocation.lot.id) { $0.quantity -= allocation.amount }
        noteChanged(allocation.lot.id, by: entry)
        noteCreated(part.id, by: entry)
        return part
    }

    /// Records a shortfall and unconvertible lots of a plan.
    private mutating func report(
        _ plan: AllocationPlan, product: ProductReference, unit: UnitID, entry: InventoryJournalEntry
    ) {
        for lot in plan.unconvertible {
            anomalies.append(.noUnitConversion(entry: entry.id, from: lot.unit, to: unit, product: product))
        }
        if plan.missing > 0 {
            anomalies.append(.shortfall(entry: entry.id, product: product, missing: plan.missing, unit: unit))
        }
    }

    /// Whether `amount` is a valid positive amount; records an anomaly when not.
    private mutating func isPositive(_ amount: Decimal, entry: InventoryJournalEntry) -> Bool {
        guard amount > 0, InventoryQuantity.isValid(amount) else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "amount \(amount) is not a positive number"))
            return false
        }
        return true
    }

    /// Whether `price` is absent or a valid non-negative amount; records an anomaly when not.
    private mutating func isValidPrice(_ price: Decimal?, entry: InventoryJournalEntry) -> Bool {
        guard let price else { return true }
        guard price >= 0, InventoryQuantity.isValid(price) else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "price \(price) is not a valid amount"))
            return false
        }
        return true
    }

    /// Whether no lot or alias uses `id` yet; records an anomaly when one does.
    private mutating func isFreshLotID(_ id: LotID, entry: InventoryJournalEntry) -> Bool {
        guard lotTable[id] == nil, lotAliases[id] == nil else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "lot id \(id) is already used"))
            return false
        }
        return true
    }

    /// Records anomalies for an undefined unit or location that stock is booked in anyway.
    private mutating func reportUnknown(unit: UnitID, location: LocationID, entry: InventoryJournalEntry) {
        if units[unit] == nil { anomalies.append(.unknownUnit(entry: entry.id, unit: unit)) }
        if locations[location] == nil { anomalies.append(.unknownLocation(entry: entry.id, location: location)) }
    }
}
