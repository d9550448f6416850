import Foundation

extension InventoryState {
    /// The transactions after `transaction` in the total order, not undone, that used a lot it produced, in order:
    /// the transactions that block its undo.
    ///
    /// A transaction produced the lots it created, changed or merged into (``TransactionEffect/producedLots``); a
    /// later one used such a lot when it consumed from it, moved, opened, edited or split it, or counted it — a
    /// correction whose scope held the lot (``TransactionEffect/usedLots``). Undone transactions have no effect, so
    /// they never block.
    public func dependents(of transaction: TransactionID) -> [TransactionID] {
        guard let effect = effects[transaction] else { return [] }
        let produced = effect.producedLots
        return effects.all.values
            .filter { other in
                other.transactionID != transaction && effect.firstOrderKey < other.firstOrderKey
                    && !other.usedLots.isDisjoint(with: produced)
            }
            .sorted { $0.firstOrderKey < $1.firstOrderKey }
            .map(\.transactionID)
    }
}
