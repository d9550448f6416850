import Foundation
import InventoryKit

/// The named-entity outbox in a provider's user metadata store, and the `NamedEntityCommitter` that fills it:
/// every state a repository writes gets an outbox entry in the same atomic commit.
///
/// Entries are not coalesced: each change is its own operation carrying the whole state, which the remote joins,
/// so pushing several states of one record in any order ends in the same record. Only the engine's steps remove
/// entries (inside its gate), so a failure written back never resurrects a removed entry.
struct NamedEntityOutbox: NamedEntityCommitter {
    /// The provider the records and the outbox live in.
    let storage: any StorageProvider
    /// The scope of the named-entity records.
    let scope: StorageScope
    /// Outbox sequence numbers.
    let sequencer: OutboxSequencer
    /// The durable high-water mark of those numbers.
    let mark: OutboxSequenceMark<NamedEntityChange>
    /// The source of enqueue dates.
    let clock: InventoryClock
    /// The source of operation ids.
    let makeOperationID: @Sendable () -> UUID
    /// Told after every commit that enqueued something (the engine's write policy).
    let committed: @Sendable () async -> Void

    /// The collection of the mark and the pull cursor.
    static let stateCollection: RecordCollection = "namedEntity-sync"
    /// The pull cursor's key.
    static let cursorID = RecordID(rawValue: "pullCursor") ?? RecordID(UUID())

    init(
        storage: any StorageProvider, scope: StorageScope, clock: InventoryClock,
        makeOperationID: @escaping @Sendable () -> UUID, committed: @escaping @Sendable () async -> Void
    ) {
        let mark = OutboxSequenceMark<NamedEntityChange>(
            storage: storage, collection: Self.stateCollection, id: RecordID(rawValue: "outboxSequence") ?? RecordID(UUID()))
        self.storage = storage
        self.scope = scope
        self.mark = mark
        self.sequencer = OutboxSequencer { try await mark.lastSequence() }
        self.clock = clock
        self.makeOperationID = makeOperationID
        self.committed = committed
    }

    // MARK: - NamedEntityCommitter

    func commit(_ writes: [RecordWrite], changing entities: [NamedEntity]) async throws {
        var batch = StorageBatch()
        batch.append(writes, to: scope)
        try await commit(batch, enqueueing: entities)
        await committed()
    }

    // MARK: - Outbox

    /// Commits `batch` with an outbox entry for each of `entities` and the mark raised past them.
    func commit(_ batch: StorageBatch, enqueueing entities: [NamedEntity]) async throws {
        guard !entities.isEmpty else { return try await storage.commit(batch) }
        let sequences = try await sequencer.next(entities.count)
        let now = clock.now()
        var marked = batch
        for (entity, sequence) in zip(entities, sequences) {
            let entry = NamedEntityOutboxEntry(
                operationID: makeOperationID(), entityID: RecordID(entity.id).rawValue, sequence: sequence,
                payload: NamedEntityChange(entity: entity), enqueuedAt: now)
            marked.user.append(try .save(entry, precondition: .absent))
        }
        try await mark.commit(marked, raisingTo: sequences.upperBound)
    }

    /// The entries that are not quarantined, in enqueue order, up to `limit`.
    func pending(limit: Int) async throws -> [NamedEntityOutboxEntry] {
        try await storage.userMetadata.query(
            NamedEntityOutboxEntry.self, NamedEntityOutboxEntry.dueQuery(limit: max(1, min(limit, RecordQuery.maximumLimit)))
        ).records
    }

    /// The entries due at `now`, in enqueue order, up to `limit`.
    func due(at now: Date, limit: Int) async throws -> [NamedEntityOutboxEntry] {
        try await storage.userMetadata.query(NamedEntityOutboxEntry.self, NamedEntityOutboxEntry.dueQuery(at: now, limit: limit)).records
    }

    /// The quarantined entries, in enqueue order.
    func quarantined() async throws -> [NamedEntityOutboxEntry] {
        try await storage.userMetadata.all(
            matching: .equals("quarantined", .bool(true)), sort: [.ascending("sequence")],
            in: NamedEntityOutboxEntry.collection
        ).map { stored throws(StorageError) in try NamedEntityOutboxEntry.decode(stored) }
    }

    /// The number of entries, quarantined ones included.
    func count() async throws -> Int {
        try await storage.userMetadata.count(matching: nil, in: NamedEntityOutboxEntry.collection)
    }

    /// The stored pull cursor, or `nil` before the first pull.
    func pullCursor() async throws -> Int64? {
        try await storage.userMetadata.load(PullCursor.self, id: Self.cursorID)?.cursor
    }

    /// The stored form of the pull cursor.
    struct PullCursor: StorableRecord {
        static let collection = NamedEntityOutbox.stateCollection
        var cursor: Int64
        var recordID: RecordID { NamedEntityOutbox.cursorID }
        var indexedFields: [String: FieldValue] { [:] }
    }
}

extension StorageBatch {
    /// Appends `writes` to the writes of `scope`.
    mutating func append(_ writes: [RecordWrite], to scope: StorageScope) {
        switch scope {
        case .user: user += writes
        case .domain: domain += writes
        }
    }
}
