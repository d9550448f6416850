import Foundation
import InventoryKit
import InventorySync

/// The outbox payload of the inventory module: one journal entry to push.
public struct InventoryJournalChange: OutboxPayload, Hashable {
    /// The inventory outbox collection in the user metadata store.
    public static let outboxCollection: RecordCollection = "inventory-outbox"

    /// The journal entry.
    public var entry: InventoryJournalEntry

    /// Creates a change.
    public init(entry: InventoryJournalEntry) {
        self.entry = entry
    }
}

/// A queued journal entry; its operation id is the entry's id, so replays are idempotent.
public typealias InventoryOutboxEntry = OutboxEntry<InventoryJournalChange>
