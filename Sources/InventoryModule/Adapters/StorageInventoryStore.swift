import Foundation
import InventoryKit
import InventorySync

/// The inventory module's local port on top of any `StorageProvider`, in its user metadata store: collections
/// `inventory-journal`, `inventory-outbox` and `inventory-sync-cursor`. Every ``commit(_:)`` is one
/// `StorageProvider.commit(_:)`.
public struct StorageInventoryStore: InventoryJournalStore {
    /// The journal collection.
    public static let journalCollection: RecordCollection = "inventory-journal"
    /// The cursor collection.
    public static let cursorCollection: RecordCollection = "inventory-sync-cursor"

    /// The storage everything goes through.
    public let storage: any StorageProvider

    /// Creates the store on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// Every journal entry of a household.
    public func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] {
        let stored = try await storage.userMetadata.all(
            matching: .equals("householdId", .string(household.rawValue)), in: Self.journalCollection)
        return try stored.map { record throws(StorageError) in
            do {
                return try RecordCoding.decode(InventoryJournalEntry.self, from: record.payload)
            } catch {
                throw .corruptRecord(collection: Self.journalCollection, id: record.id, reason: RecordCoding.describe(error))
            }
        }
    }

    /// Whether an entry with this id is stored.
    public func containsEntry(_ id: UUID) async throws -> Bool {
        try await storage.userMetadata.record(RecordID(id), in: Self.journalCollection) != nil
    }

    /// The outbox entries that are not quarantined, in enqueue order.
    public func pendingOutbox(limit: Int) async throws -> [InventoryOutboxEntry] {
        try await storage.userMetadata.query(
            InventoryOutboxEntry.self, InventoryOutboxEntry.dueQuery(limit: max(1, min(limit, RecordQuery.maximumLimit)))
        ).records
    }

    /// The due outbox entries in enqueue order: one query on the quarantine flag and the next attempt.
    public func dueOutbox(at now: Date, limit: Int) async throws -> [InventoryOutboxEntry] {
        try await storage.userMetadata.query(InventoryOutboxEntry.self, InventoryOutboxEntry.dueQuery(at: now, limit: limit))
            .records
    }

    /// The outbox entry of a journal entry.
    public func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? {
        try await storage.userMetadata.load(InventoryOutboxEntry.self, id: RecordID(entryID))
    }

    /// The number of outbox entries.
    public func outboxCount() async throws -> Int {
        try await storage.userMetadata.count(matching: nil, in: InventoryOutboxEntry.collection)
    }

    /// The highest outbox sequence in use, or 0.
    public func lastOutboxSequence() async throws -> Int64 {
        let page = try await storage.userMetadata.query(
            RecordQuery(sort: [.descending("sequence")], limit: 1), in: InventoryOutboxEntry.collection)
        guard case .int(let sequence)? = page.records.first?[field: "sequence"] else { return 0 }
        return sequence
    }

    /// A household's position in the remote journal.
    public func pullCursor(of household: HouseholdID) async throws -> Int64? {
        try await storage.userMetadata.load(Cursor.self, id: try RecordID(household.rawValue))?.sequence
    }

    /// Applies a transaction as one atomic `StorageProvider` commit; entries already stored are kept.
    public func commit(_ transaction: InventoryLocalTransaction) async throws {
        guard !transaction.isEmpty else { return }
        var batch = StorageBatch()
        var seen: Set<UUID> = []
        for entry in transaction.entries where seen.insert(entry.id).inserted {
            if try await containsEntry(entry.id) { continue }
            batch.user.append(
                .put(
                    StoredRecord(
                        id: RecordID(entry.id), payload: try RecordCoding.encode(entry),
                        fields: ["householdId": .string(entry.householdId.rawValue), "recordedAt": .date(entry.recordedAt)]),
                    in: Self.journalCollection))
        }
        for id in transaction.removedOutboxEntries {
            batch.user.append(.delete(RecordID(id), in: InventoryOutboxEntry.collection))
        }
        for entry in transaction.outboxEntries { batch.user.append(try .save(entry)) }
        if let cursor = transaction.pullCursor {
            batch.user.append(try .save(Cursor(household: cursor.household.rawValue, sequence: cursor.sequence)))
        }
        try await storage.commit(batch)
    }

    private struct Cursor: StorableRecord {
        static let collection = StorageInventoryStore.cursorCollection
        var household: String
        var sequence: Int64
        var recordID: RecordID { get throws { try RecordID(household) } }
    }
}
