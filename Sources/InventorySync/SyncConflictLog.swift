import Foundation
import InventoryKit

/// The conflicts a replica decided, kept so an app can show what was kept and what was set aside: one
/// ``SyncConflictRecord`` per decided field, newest first, at most ``capacity`` of them (the oldest go first).
///
/// Backed by a `MetadataStore` (the user metadata store, so records survive restarts) or, without one, by
/// memory. A module records a pass's decisions before it commits the pass: a pass repeated after a crash decides
/// the same fields again under the same ids, so nothing is recorded twice. Calls run one at a time: overlapping
/// records and reads leave what the same calls in turn leave (a store's writes and its pruning are never split).
///
/// ```swift
/// let log = SyncConflictLog(store: storage.userMetadata)
/// for record in try await log.recent(limit: 20) { print(record.decision) }
/// ```
public actor SyncConflictLog {
    /// The most records kept.
    public let capacity: Int
    private let store: (any MetadataStore)?
    private var memory: [UUID: SyncConflictRecord] = [:]
    /// Keeps a call's store steps (write, count, prune) together: the actor is re-entrant at each of them.
    private let gate = SerialGate()

    /// Creates a log on `store`, or in memory when `store` is `nil`, keeping at most `capacity` records (at least 1).
    public init(store: (any MetadataStore)? = nil, capacity: Int = 1_000) {
        self.store = store
        self.capacity = max(1, capacity)
    }

    /// Keeps `records` (replacing those with the same ids), then drops the oldest beyond ``capacity``.
    ///
    /// - Throws: a storage error.
    public func record(_ records: [SyncConflictRecord]) async throws {
        guard !records.isEmpty else { return }
        guard let store else {
            for record in records { memory[record.id] = record }
            if memory.count > capacity {
                for old in memory.values.sorted(by: Self.newestFirst).dropFirst(capacity) { memory[old.id] = nil }
            }
            return
        }
        let writes = try records.map { try RecordWrite.save($0) }
        try await gate.run {
            try await store.apply(writes)
            let count = try await store.count(matching: nil, in: SyncConflictRecord.collection)
            guard count > capacity else { return }
            let oldest = RecordQuery(sort: [.ascending("decidedAt")], limit: min(count - capacity, RecordQuery.maximumLimit))
            let excess = try await store.query(oldest, in: SyncConflictRecord.collection).records.map(\.id)
            try await store.apply(excess.map { .delete($0, in: SyncConflictRecord.collection) })
        }
    }

    /// The newest records, up to `limit`.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the record.
    public func recent(limit: Int = 50) async throws -> [SyncConflictRecord] {
        let limit = max(1, min(limit, RecordQuery.maximumLimit))
        guard let store else { return Array(memory.values.sorted(by: Self.newestFirst).prefix(limit)) }
        let query = RecordQuery(sort: [.descending("decidedAt")], limit: limit)
        return try await gate.run { try await store.query(SyncConflictRecord.self, query).records }
    }

    /// The records decided at or after `date`, newest first, up to `limit`.
    ///
    /// - Throws: a storage error, or a corrupt-record error naming the record.
    public func records(since date: Date, limit: Int = RecordQuery.maximumLimit) async throws -> [SyncConflictRecord] {
        let limit = max(1, min(limit, RecordQuery.maximumLimit))
        guard let store else {
            return Array(memory.values.filter { $0.decidedAt >= date }.sorted(by: Self.newestFirst).prefix(limit))
        }
        let query = RecordQuery(
            filter: .greaterThanOrEqual("decidedAt", .date(date)), sort: [.descending("decidedAt")], limit: limit)
        return try await gate.run { try await store.query(SyncConflictRecord.self, query).records }
    }

    private static func newestFirst(_ a: SyncConflictRecord, _ b: SyncConflictRecord) -> Bool {
        (a.decidedAt, a.id.uuidString) > (b.decidedAt, b.id.uuidString)
    }
}
