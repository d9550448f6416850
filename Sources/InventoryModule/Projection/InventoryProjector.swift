import Foundation

/// Folds a journal into an ``InventoryState``: pure, total and deterministic.
///
/// ```swift
/// let state = InventoryProjector.project(localEntries.union(remoteEntries))
/// ```
///
/// The projector keeps one entry per id, sorts by the total order (``InventoryJournalEntry/orderKey``), skips
/// every entry whose idempotency key an earlier transaction used (the same command booked on two devices counts
/// once, and a skipped undo undoes nothing) and every entry of an undone transaction, and folds the rest. It never
/// throws and never crashes: an entry that cannot fully apply in the merged order applies as far as possible and
/// leaves an ``InventoryAnomaly``.
public enum InventoryProjector {
    /// The state of the journal made of `entries`, in any order and with any repetitions.
    public static func project(_ entries: some Sequence<InventoryJournalEntry>) -> InventoryState {
        var byID: [UUID: InventoryJournalEntry] = [:]
        var conflicting: Set<UUID> = []
        for entry in entries {
            guard let existing = byID[entry.id] else {
                byID[entry.id] = entry
                continue
            }
            if existing != entry {
                conflicting.insert(entry.id)
                byID[entry.id] = preferred(existing, entry)
            }
        }
        let ordered = InventoryJournalEntry.ordered(byID.values)
        let counted = countedEntries(ordered, earlierOwners: [:])
        let undoTransactions = Set(counted.lazy.filter { $0.operation.kind == .undo }.map(\.transactionID))
        var state = InventoryState()
        for entry in counted {
            if case .undo(let target) = entry.operation, !undoTransactions.contains(target) {
                state.undoneTransactions.insert(target)
            }
        }
        foldOrdered(ordered, conflicting: conflicting, isUndoTransaction: { undoTransactions.contains($0) }, into: &state)
        return state
    }

    /// The entries that count: an entry whose key a transaction earlier in the order used is skipped before
    /// anything else — it undoes nothing, and it is reported even when an undo targets its transaction.
    /// `earlierOwners` are the owners of keys used before `ordered` (a checkpoint's keys), borrowed for the call.
    static func countedEntries(
        _ ordered: [InventoryJournalEntry], earlierOwners: borrowing [IdempotencyKey: TransactionID]
    ) -> [InventoryJournalEntry] {
        var keyOwners: [IdempotencyKey: TransactionID] = [:]
        var counted: [InventoryJournalEntry] = []
        counted.reserveCapacity(ordered.count)
        for entry in ordered {
            guard let key = entry.idempotencyKey else {
                counted.append(entry)
                continue
            }
            if let owner = keyOwners[key] ?? earlierOwners[key] {
                if owner == entry.transactionID { counted.append(entry) }
                continue
            }
            keyOwners[key] = entry.transactionID
            counted.append(entry)
        }
        return counted
    }

    /// Folds entries in the total order into `state`, whose undone transactions are already known: each entry is
    /// registered, skipped when its key is another transaction's or its transaction is undone, and folded
    /// otherwise (an undo of an undo transaction with an ``InventoryAnomaly/invalidUndo(entry:transaction:)``).
    static func foldOrdered(
        _ ordered: [InventoryJournalEntry], conflicting: Set<UUID>, isUndoTransaction: (TransactionID) -> Bool,
        into state: inout InventoryState
    ) {
        for entry in ordered {
            if conflicting.contains(entry.id) { state.anomalies.append(.conflictingDuplicate(entry: entry.id)) }
            state.register(entry)
            if let duplicate = state.duplicateKeyAnomaly(entry) {
                state.anomalies.append(duplicate)
                continue
            }
            if state.undoneTransactions.contains(entry.transactionID) { continue }
            if case .undo(let target) = entry.operation, isUndoTransaction(target) {
                state.anomalies.append(.invalidUndo(entry: entry.id, transaction: target))
            }
            state.fold(entry)
        }
    }

    /// Of two different entries with one id, the one first in the total order (then by their full text).
    private static func preferred(_ lhs: InventoryJournalEntry, _ rhs: InventoryJournalEntry) -> InventoryJournalEntry {
        if lhs.orderKey != rhs.orderKey { return lhs.orderKey < rhs.orderKey ? lhs : rhs }
        return String(reflecting: lhs) <= String(reflecting: rhs) ? lhs : rhs
    }
}
