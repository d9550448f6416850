/// The identity of one line of history parts (``AppliedEntryIDs``, ``TransactionEffects``, ``ConsumptionLog``): a
/// part made afresh (empty, from a collection, opened from a checkpoint) starts a new line; folding keeps it, and so
/// do copies. Two parts of one line differ only by what was appended to the newer one — what lets the checkpoint
/// keeper swap the history a checkpoint just wrote for that checkpoint's sealed bytes (``InventoryState/resealed(by:after:)``).
final class HistoryLineage: Sendable {
    init() {}
}
