import Foundation
import InventoryModule
import InventorySync

extension OutboxEntry where Payload == InventoryJournalChange {
    /// The outbox entry pushing `entry`, for test data: enqueued at `sequence` when the entry was recorded unless
    /// `enqueuedAt` says otherwise. An entry with a `nextAttemptAt` was tried once and waits for its retry; a
    /// `quarantined` one was tried once and rejected (its `lastError` is "rejected").
    ///
    /// ```swift
    /// let waiting = InventoryOutboxEntry.fixture(entry, sequence: 1, nextAttemptAt: now + 60)
    /// ```
    public static func fixture(
        _ entry: InventoryJournalEntry, sequence: Int, enqueuedAt: Date? = nil, nextAttemptAt: Date? = nil,
        quarantined: Bool = false
    ) -> InventoryOutboxEntry {
        InventoryOutboxEntry(
            operationID: entry.id, entityID: entry.householdID.rawValue, sequence: Int64(sequence),
            payload: InventoryJournalChange(entry: entry), enqueuedAt: enqueuedAt ?? entry.recordedAt,
            attempts: nextAttemptAt == nil && !quarantined ? 0 : 1, nextAttemptAt: nextAttemptAt,
            lastError: quarantined ? "rejected" : nil, isQuarantined: quarantined)
    }
}
