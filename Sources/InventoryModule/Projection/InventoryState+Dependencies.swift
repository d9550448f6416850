import Foundation

extension InventoryState {
    /// The transactions after `transaction` in the total order that changed a lot it created, changed or merged
    /// into, in order: the transactions that block its undo.
    public func dependents(of transaction: TransactionID) -> [TransactionID] {
        guard let effect = effects[transaction] else { return [] }
        let produced = effect.producedLots
        return effects.all.values
            .filter { other in
                other.transactionID != transaction && effect.firstOrderKey < other.firstOrderKey
                    && !other.changedLots.isDisjoint(with: produced)
            }
            .sorted { $0.firstOrderKey < $1.firstOrderKey }
            .map(\.transactionID)
    }
}
