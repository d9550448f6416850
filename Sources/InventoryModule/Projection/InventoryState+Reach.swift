/// How far back into the journal new entries reach: what a state that has folded the journal so far must redo.
enum InventoryReach: Equatable, Sendable {
    /// Every entry folds on top of the state (``InventoryState/apply(_:)`` takes them in order).
    case none
    /// The fold from this order key on changes: a checkpoint at or after it is stale.
    case from(InventoryJournalOrderKey)
    /// The fold changes from an unknown point (an undo of an undo that arrived after the undo it targets).
    case everything

    /// The earlier of two reaches.
    func union(_ other: InventoryReach) -> InventoryReach {
        switch (self, other) {
        case (.everything, _), (_, .everything): .everything
        case (.none, let reach), (let reach, .none): reach
        case (.from(let lhs), .from(let rhs)): .from(min(lhs, rhs))
        }
    }

    /// Whether a checkpoint at `key` is stale.
    func invalidates(_ key: InventoryJournalOrderKey) -> Bool {
        switch self {
        case .none: false
        case .everything: true
        case .from(let start): start <= key
        }
    }
}

extension InventoryState {
    /// How far back folding `entries` into this state reaches (the cases in which ``apply(_:)`` answers
    /// ``InventoryApplyResult/requiresReprojection``): an entry that sorts before ``lastAppliedOrderKey`` reaches
    /// back to itself; an undo of a folded transaction to that transaction's first entry; an undo whose own
    /// transaction is already undone, to everything.
    func reach(of entries: some Sequence<InventoryJournalEntry>) -> InventoryReach {
        var reach = InventoryReach.none
        for entry in entries where !entryLog.contains(entry.id) {
            if let last = lastAppliedOrderKey, entry.orderKey < last { reach = reach.union(.from(entry.orderKey)) }
            guard case .undo(let target) = entry.operation else { continue }
            if undoneTransactions.contains(entry.transactionID) { return .everything }
            if let effect = effects[target], !effect.operations.contains(.undo) {
                reach = reach.union(.from(effect.firstOrderKey))
            }
        }
        return reach
    }
}
