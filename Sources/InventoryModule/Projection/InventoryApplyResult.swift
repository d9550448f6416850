/// What ``InventoryState/apply(_:)`` did with an entry.
public enum InventoryApplyResult: Hashable, Sendable {
    /// The entry was folded into the state.
    case applied
    /// The state already holds an entry with the same id; nothing changed.
    case alreadyApplied
    /// The entry belongs to an undone transaction; it was recorded as seen and otherwise skipped.
    case skippedUndone
    /// The entry carries an idempotency key an earlier transaction already used; it was recorded as seen, with an
    /// ``InventoryAnomaly/duplicateIdempotencyKey(entry:key:original:)``, and otherwise skipped.
    case skippedDuplicate
    /// The entry cannot be folded incrementally (it sorts before the last applied entry, or it undoes a
    /// transaction already folded); nothing changed: re-project the journal with ``InventoryProjector/project(_:)``.
    case requiresReprojection
}
