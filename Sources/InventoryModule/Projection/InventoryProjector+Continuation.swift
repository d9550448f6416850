import Foundation

extension InventoryProjector {
    /// The state of the journal made of the entries `start` folded and `tail`, folding only `tail` — or `nil` when
    /// the tail reaches back into what `start` already decided, and only a fold from an earlier state is exact.
    ///
    /// The result equals ``project(_:)`` of the whole journal whenever it is not `nil`. It is `nil` when:
    /// - an entry of `tail` does not sort after ``InventoryState/lastAppliedOrderKey`` (a late arrival),
    /// - an id of `tail` is one `start` has seen, or appears twice in `tail` with different contents,
    /// - an undo in `tail` undoes a transaction `start` folded (its effects are in `start`), or
    /// - an undo in `tail` belongs to a transaction `start` already counts as undone (an undo of an undo that
    ///   arrived first, which the full fold treats as invalid).
    ///
    /// ```swift
    /// let state = InventoryProjector.project(tail, continuing: checkpoint.state)
    ///     ?? InventoryProjector.project(wholeJournal)
    /// ```
    public static func project(
        _ tail: some Sequence<InventoryJournalEntry>, continuing start: consuming InventoryState
    ) -> InventoryState? {
        var byID: [UUID: InventoryJournalEntry] = [:]
        for entry in tail {
            if let existing = byID[entry.id], existing != entry { return nil }
            if start.entryLog.contains(entry.id) { return nil }
            byID[entry.id] = entry
        }
        // A late arrival is found before sorting: a caller trying several earlier states pays a scan for each
        // one that does not serve, not a sort.
        if let last = start.lastAppliedOrderKey, byID.values.contains(where: { !(last < $0.orderKey) }) { return nil }
        let ordered = InventoryJournalEntry.ordered(byID.values)

        let counted = countedEntries(ordered, earlierOwners: start.idempotencyResults)
        let tailUndos = Set(counted.lazy.filter { $0.operation.kind == .undo }.map(\.transactionID))
        guard tailUndos.isDisjoint(with: start.undoneTransactions) else { return nil }
        // The targets of the tail's undos that are undo transactions themselves (an invalid undo). Every undo
        // `start` counted was folded — an undo transaction is never undone — so its effect says it is one.
        var undoTargets: Set<TransactionID> = []
        var undone: [TransactionID] = []
        for entry in counted {
            guard case .undo(let target) = entry.operation else { continue }
            if tailUndos.contains(target) || start.effects[target]?.operations.contains(.undo) == true {
                undoTargets.insert(target)
            } else if start.effects[target] != nil {
                return nil
            } else {
                undone.append(target)
            }
        }
        // `start` is not used past this point, so the state is changed in place rather than copied (no closure
        // captures it: a captured `start` could not be moved, and the first fold would copy the whole history).
        var state = consume start
        state.undoneTransactions.formUnion(undone)
        foldOrdered(ordered, conflicting: [], isUndoTransaction: { undoTargets.contains($0) }, into: &state)
        return state
    }
}
