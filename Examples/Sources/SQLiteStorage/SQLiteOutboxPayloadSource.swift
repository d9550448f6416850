import Foundation
import InventoryKit
import InventorySync

/// Where an outbox row's change lives when another table already stores it under the same key: the inventory
/// outbox's change is the journal entry whose id is the operation id, and that entry is in `inventory_journal`.
///
/// A table with a payload source writes a fresh entry (never tried, nothing superseded) whose source row is
/// written in the same transaction as a *detached* row: its bookkeeping in columns (`enqueued_at` besides the
/// indexed ones), an empty payload, and the change read from the source row through a `LEFT JOIN` on the key. A
/// commit then encodes each change once instead of twice. Every other row holds its whole entry as JSON, as rows
/// written by earlier versions do.
struct SQLiteOutboxPayloadSource<Payload: OutboxPayload>: Sendable {
    /// The table that stores the changes.
    let table: String
    /// Its key column, holding the operation id's text.
    let keyColumn: String
    /// Its column of encoded changes.
    let payloadColumn: String
    /// Builds the change from the source column's bytes.
    let decode: @Sendable (Data) throws -> Payload

    /// Whether an entry can be stored detached: nothing in it but what the columns hold and the change.
    static func canDetach(_ entry: OutboxEntry<Payload>) -> Bool {
        entry.attempts == 0 && entry.lastError == nil && entry.supersededOperationIDs.isEmpty
    }
}

/// Why a detached outbox row (see ``SQLiteOutboxPayloadSource``) cannot be read.
enum SQLiteOutboxRowError: Error, CustomStringConvertible {
    /// The source table has no row with the operation's key.
    case missingChange(source: String)
    /// The row's operation id or enqueue time is missing or unreadable.
    case incompleteDetachedRow

    var description: String {
        switch self {
        case .missingChange(let source): "a detached outbox row has no change in \(source)"
        case .incompleteDetachedRow: "a detached outbox row has no readable operation id or enqueue time"
        }
    }
}
