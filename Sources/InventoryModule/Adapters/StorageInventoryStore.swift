import Foundation
import InventoryKit
import InventorySync

/// The inventory module's local port on top of any `StorageProvider`, in its user metadata store: collections
/// `inventory-journal`, `inventory-outbox`, `inventory-outbox-sequence` (the outbox's sequence mark) and
/// `inventory-sync-cursor` (per household, the pull cursor) and `inventory-pull-time` (per household, the time of
/// the last successful pull). Every ``commit(_:)`` is one `StorageProvider.commit(_:)`.
public struct StorageInventoryStore: InventoryJournalStore {
    /// The journal collection.
    public static let journalCollection: RecordCollection = "inventory-journal"
    /// The cursor collection.
    public static let cursorCollection: RecordCollection = "inventory-sync-cursor"
    /// The collection of the households' last successful pull times.
    public static let pullTimeCollection: RecordCollection = "inventory-pull-time"
    /// The collection holding the outbox's sequence high-water mark.
    public static let outboxSequenceCollection: RecordCollection = "inventory-outbox-sequence"

    /// The storage everything goes through.
    public let storage: any StorageProvider

    /// The outbox's sequence high-water mark, in the user metadata store.
    private var sequenceMark: OutboxSequenceMark<InventoryJournalChange> {
        OutboxSequenceMark(
            storage: storage, collection: Self.outboxSequenceCollection, id: RecordID(rawValue: "inventory") ?? RecordID(UUID()))
    }

    /// Creates the store on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// Every journal entry of a household.
    public func entries(of household: HouseholdID) async throws -> [InventoryJournalEntry] {
        let stored = try await storage.userMetadata.all(
            matching: .equals("householdId", .string(household.rawValue)), in: Self.journalCollection)
        return try stored.map(Self.decodeEntry)
    }

    /// Whether the household has an entry: a query for one, damaged ones counted.
    public func hasEntries(of household: HouseholdID) async throws -> Bool {
        let query = RecordQuery(filter: .equals("householdId", .string(household.rawValue)), limit: 1)
        let page = try await storage.userMetadata.queryPayloads(query, in: Self.journalCollection)
        // A damaged entry is still an entry (reading the journal reports it).
        return !page.records.isEmpty || !page.damaged.isEmpty
    }

    /// The entries after `key`: a query on the household and `recordedAt`, then the exact order key.
    public func entries(of household: HouseholdID, after key: InventoryJournalOrderKey) async throws -> [InventoryJournalEntry] {
        let stored = try await storage.userMetadata.all(
            matching: .and([
                .equals("householdId", .string(household.rawValue)), .greaterThanOrEqual("recordedAt", .date(key.recordedAt)),
            ]),
            in: Self.journalCollection)
        return try stored.map(Self.decodeEntry).filter { key < $0.orderKey }
    }

    /// The stored ones among these ids, in one batched read.
    public func storedEntryIDs(among ids: [UUID]) async throws -> Set<UUID> {
        let found = try await storage.userMetadata.records(ids.map(RecordID.init), in: Self.journalCollection)
        let stored = Set(found.map(\.id))
        return Set(ids.filter { stored.contains(RecordID($0)) })
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

    /// The due outbox entries of `households` in enqueue order: the due query narrowed to their entity ids.
    public func dueOutbox(at now: Date, limit: Int, households: Set<HouseholdID>) async throws -> [InventoryOutboxEntry] {
        var query = InventoryOutboxEntry.dueQuery(at: now, limit: limit)
        let inHouseholds = RecordFilter.isIn("entityID", households.map(\.rawValue).sorted().map { .string($0) })
        query.filter = query.filter.map { .and([inHouseholds, $0]) } ?? inHouseholds
        return try await storage.userMetadata.query(InventoryOutboxEntry.self, query).records
    }

    /// The quarantined outbox entries, in enqueue order: a query on the quarantine flag, paged through to the end.
    public func quarantinedOutbox() async throws -> [InventoryOutboxEntry] {
        try await storage.userMetadata.all(
            matching: .equals("quarantined", .bool(true)), sort: [.ascending("sequence")],
            in: InventoryOutboxEntry.collection
        ).map { stored throws(StorageError) in try InventoryOutboxEntry.decode(stored) }
    }

    /// The outbox entry of a journal entry.
    public func outboxEntry(for entryID: UUID) async throws -> InventoryOutboxEntry? {
        try await storage.userMetadata.load(InventoryOutboxEntry.self, id: RecordID(entryID))
    }

    /// The number of outbox entries.
    public func outboxCount() async throws -> Int {
        try await storage.userMetadata.count(matching: nil, in: InventoryOutboxEntry.collection)
    }

    /// The highest outbox sequence this store has ever committed, or 0: the stored mark, or the highest sequence
    /// in the outbox when that is higher (a store written before the mark existed).
    public func lastOutboxSequence() async throws -> Int64 {
        try await sequenceMark.lastSequence()
    }

    /// A household's position in the remote journal.
    public func pullCursor(of household: HouseholdID) async throws -> Int64? {
        try await storage.userMetadata.load(Cursor.self, id: try RecordID(household.rawValue))?.sequence
    }

    /// When a household was last pulled without a failure: its record in `inventory-pull-time`.
    public func lastPullTime(of household: HouseholdID) async throws -> Date? {
        try await storage.userMetadata.load(PullTime.self, id: try RecordID(household.rawValue))?.pulledAt
    }

    /// Applies a transaction as one atomic `StorageProvider` commit; entries already stored are kept.
    ///
    /// A transaction that touches the outbox also raises the outbox's sequence mark in the same batch, under a
    /// revision precondition on the mark; when a concurrent commit raised it first, the batch is retried with the
    /// mark read again.
    public func commit(_ transaction: InventoryLocalTransaction) async throws {
        guard !transaction.isEmpty else { return }
        var batch = StorageBatch()
        var seen: Set<UUID> = []
        var replaced: [HouseholdID: [InventoryCheckpointMark]] = [:]
        if let snapshot = transaction.snapshot {
            let (writes, marks) = try await snapshotWrites(snapshot)
            batch.user += writes
            replaced[snapshot.householdID] = marks
        }
        let stored = transaction.entries.isEmpty ? [] : try await storedEntryIDs(among: transaction.entries.map(\.id))
        for entry in transaction.entries where seen.insert(entry.id).inserted {
            // An entry of a household the snapshot replaces is written again (its stored record is deleted above).
            if stored.contains(entry.id) && entry.householdID != transaction.snapshot?.householdID { continue }
            batch.user.append(
                .put(
                    StoredRecord(
                        id: RecordID(entry.id), payload: try RecordCoding.encode(entry),
                        fields: ["householdId": .string(entry.householdID.rawValue), "recordedAt": .date(entry.recordedAt)]),
                    in: Self.journalCollection))
        }
        for id in transaction.removedOutboxEntries {
            batch.user.append(.delete(RecordID(id), in: InventoryOutboxEntry.collection))
        }
        for entry in transaction.outboxEntries { batch.user.append(try .save(entry)) }
        if let cursor = transaction.pullCursor {
            batch.user.append(try .save(Cursor(household: cursor.household.rawValue, sequence: cursor.sequence)))
        }
        if let pull = transaction.pullTime {
            batch.user.append(try .save(PullTime(household: pull.household.rawValue, pulledAt: pull.at)))
        }
        batch.user += try await checkpointWrites(transaction, replaced: replaced)
        guard !transaction.outboxEntries.isEmpty || !transaction.removedOutboxEntries.isEmpty else {
            try await storage.commit(batch)
            return
        }
        try await sequenceMark.commit(batch, raisingTo: transaction.outboxEntries.lazy.map(\.sequence).max() ?? 0)
    }

    // MARK: - Helpers

    private static func decodeEntry(_ record: StoredRecord) throws(StorageError) -> InventoryJournalEntry {
        do {
            return try RecordCoding.decode(InventoryJournalEntry.self, from: record.payload)
        } catch {
            throw .corruptRecord(collection: journalCollection, id: record.id, reason: RecordCoding.describe(error))
        }
    }

    private struct Cursor: StorableRecord {
        static let collection = StorageInventoryStore.cursorCollection
        var household: String
        var sequence: Int64
        var recordID: RecordID { get throws { try RecordID(household) } }
    }

    /// When a household was last pulled without a failure (its own record, so a cursor and a pull time are each
    /// written without reading the other).
    private struct PullTime: StorableRecord {
        static let collection = StorageInventoryStore.pullTimeCollection
        var household: String
        var pulledAt: Date
        var recordID: RecordID { get throws { try RecordID(household) } }
    }
}
