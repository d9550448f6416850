import Foundation

extension InventoryState {
    /// Folds one more entry into the state, when it sorts after every entry already seen.
    ///
    /// The result equals ``InventoryProjector/project(_:)`` of all entries seen so far. When the entry sorts
    /// before ``lastAppliedOrderKey``, or undoes a transaction already folded, nothing changes and the result is
    /// ``InventoryApplyResult/requiresReprojection``: project the whole journal again. An entry whose idempotency
    /// key another transaction already used is recorded as seen and skipped
    /// (``InventoryApplyResult/skippedDuplicate``), whatever its operation: a skipped undo undoes nothing.
    ///
    /// ```swift
    /// if state.apply(entry) == .requiresReprojection {
    ///     state = InventoryProjector.project(journal)
    /// }
    /// ```
    @discardableResult
    public mutating func apply(_ entry: InventoryJournalEntry) -> InventoryApplyResult {
        if entryLog.contains(entry.id) { return .alreadyApplied }
        if let last = lastAppliedOrderKey, entry.orderKey < last { return .requiresReprojection }
        if let duplicate = duplicateKeyAnomaly(entry) {
            register(entry)
            anomalies.append(duplicate)
            return .skippedDuplicate
        }
        if case .undo(let target) = entry.operation {
            if undoneTransactions.contains(entry.transactionID) { return .requiresReprojection }
            if let effect = effects[target] {
                guard effect.operations.contains(.undo) else { return .requiresReprojection }
                register(entry)
                anomalies.append(.invalidUndo(entry: entry.id, transaction: target))
                fold(entry)
                return .applied
            }
            undoneTransactions.insert(target)
            register(entry)
            fold(entry)
            return .applied
        }
        if undoneTransactions.contains(entry.transactionID) {
            register(entry)
            return .skippedUndone
        }
        register(entry)
        fold(entry)
        return .applied
    }

    /// Records that the state has seen `entry`: its id, its order key and its idempotency key.
    mutating func register(_ entry: InventoryJournalEntry) {
        entryLog.insert(entry.id)
        if let last = lastAppliedOrderKey {
            if last < entry.orderKey { lastAppliedOrderKey = entry.orderKey }
        } else {
            lastAppliedOrderKey = entry.orderKey
        }
        if let key = entry.idempotencyKey, idempotencyResults[key] == nil {
            idempotencyResults[key] = entry.transactionID
        }
    }

    /// The anomaly for `entry` when its idempotency key is mapped to another transaction (one seen earlier in the
    /// total order), or `nil` when the entry has no key or its own transaction owns the key (the first entry
    /// registered with a key makes its transaction the owner).
    func duplicateKeyAnomaly(_ entry: InventoryJournalEntry) -> InventoryAnomaly? {
        guard let key = entry.idempotencyKey, let original = idempotencyResults[key],
            original != entry.transactionID
        else { return nil }
        return .duplicateIdempotencyKey(entry: entry.id, key: key, original: original)
    }

    /// Applies the operation of an entry that is not undone, and records it in its transaction's effect.
    mutating func fold(_ entry: InventoryJournalEntry) {
        if effects[entry.transactionID] == nil {
            effects[entry.transactionID] = TransactionEffect(
                transactionID: entry.transactionID, firstOrderKey: entry.orderKey)
        }
        effects[entry.transactionID]?.operations.append(entry.operation.kind)
        effects[entry.transactionID]?.entryIDs.append(entry.id)
        switch entry.operation {
        case .createHousehold(let name, let zone): foldCreateHousehold(name: name, timeZone: zone, entry: entry)
        case .setHouseholdTimeZone(let zone): foldSetTimeZone(zone, entry: entry)
        case .defineLocation(let location): foldDefineLocation(location, entry: entry)
        case .removeLocation(let id): foldRemoveLocation(id, entry: entry)
        case .defineUnit(let unit): units[unit.id] = unit
        case .defineConversion(let conversion): foldDefineConversion(conversion, entry: entry)
        case .setProductSettings(let settings): productSettings[settings.productID] = settings
        case .addShoppingListItem(let item): shoppingListItems[item.id] = item
        case .removeShoppingListItem(let id): shoppingListItems[id] = nil
        case .purchase(let payload): foldPurchase(payload, entry: entry)
        case .consume(let payload): foldConsume(payload, entry: entry)
        case .open(let payload): foldOpen(payload, entry: entry)
        case .transfer(let payload): foldTransfer(payload, entry: entry)
        case .correct(let payload):
            foldCorrection(payload, entry: entry)
            settleOverdraws(payload.settlesOverdraws ?? [], as: .corrected, entry: entry)
        case .editLot(let payload): foldEditLot(payload, entry: entry)
        case .undo: break
        case .dismissOverdraw(let id): settleOverdraws([id], as: .dismissed, entry: entry)
        }
    }

    // MARK: - Effects

    /// Records that `entry`'s transaction created `lot`.
    mutating func noteCreated(_ lot: LotID, by entry: InventoryJournalEntry) {
        effects[entry.transactionID]?.createdLots.insert(lot)
    }

    /// Records that `entry`'s transaction changed `lot`.
    mutating func noteChanged(_ lot: LotID, by entry: InventoryJournalEntry) {
        effects[entry.transactionID]?.changedLots.insert(lot)
    }

    /// Records that `entry`'s transaction counted `lot` (a correction whose scope held it).
    mutating func noteCounted(_ lot: LotID, by entry: InventoryJournalEntry) {
        effects[entry.transactionID]?.countedLots.insert(lot)
    }

    /// Records that `entry`'s transaction merged a purchase into `lot`.
    mutating func noteMerged(into lot: LotID, by entry: InventoryJournalEntry) {
        effects[entry.transactionID]?.mergedIntoLots.insert(lot)
    }
}
