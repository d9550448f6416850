import Foundation

/// Decides commands: validates a command against the state and turns it into journal entries. Pure: time, ids,
/// replica and known products come in through the ``InventoryCommandContext``.
///
/// ```swift
/// let entries = try InventoryCommandHandler.decide(.consume(request), in: state, context: context)
/// // persist and sync `entries`, then fold them:
/// for entry in entries { state.apply(entry) }
/// ```
///
/// Every entry of one decision shares a new ``TransactionID``, the context's correlation id and idempotency key.
/// A decision never reads the clock or a random source itself.
public enum InventoryCommandHandler {
    /// The journal entries that carry out `command` in `state`, or `[]` when the context's idempotency key has
    /// already been used (the command applied once; the service answers with the original transaction,
    /// `state.idempotencyResults[key]`).
    ///
    /// - Throws: an ``InventoryError`` naming what was wrong: an unknown household, location, lot, unit, product
    ///   or transaction; a non-positive or invalid amount; an invalid name; over-consumption; a transfer to the
    ///   same location; a missing unit conversion; a refused undo; a location cycle or a non-empty location.
    public static func decide(
        _ command: InventoryCommand, in state: InventoryState, context: InventoryCommandContext
    ) throws(InventoryError) -> [InventoryJournalEntry] {
        if let key = context.idempotencyKey, state.idempotencyResults[key] != nil { return [] }
        let decision = CommandDecision(state: state, context: context)
        let operations: [InventoryOperation]
        switch command {
        case .createHousehold(let name):
            operations = try decision.createHousehold(name: name)
        default:
            guard state.households[context.householdID] != nil else {
                throw .unknownHousehold(context.householdID)
            }
            operations = try decision.operations(for: command)
        }
        let transaction = TransactionID(context.makeUUID())
        return operations.map { operation in
            InventoryJournalEntry(
                id: context.makeUUID(), householdID: context.householdID, transactionID: transaction,
                correlationID: context.correlationID, idempotencyKey: context.idempotencyKey,
                recordedAt: context.now, replicaID: context.replicaID, operation: operation)
        }
    }
}
