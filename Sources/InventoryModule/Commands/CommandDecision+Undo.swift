import Foundation

extension CommandDecision {
    /// `undo`: a known, not yet undone, undoable transaction whose produced lots no later transaction that is not
    /// undone used (changed or counted; ``InventoryState/dependents(of:)``).
    func undo(_ id: TransactionID) throws(InventoryError) -> [InventoryOperation] {
        if state.undoneTransactions.contains(id) { throw .alreadyUndone(id) }
        guard let effect = state.effects[id] else { throw .unknownTransaction(id) }
        guard effect.isUndoable else { throw .notUndoable(id) }
        let dependents = state.dependents(of: id)
        guard dependents.isEmpty else { throw .undoRefused(id, dependents: dependents) }
        return [.undo(id)]
    }
}
