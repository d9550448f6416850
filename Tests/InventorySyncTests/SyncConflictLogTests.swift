import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import Testing

/// The conflict log is public: an app may record and read while a pass records. Overlapping calls must leave what
/// calls run one at a time leave.
@Suite("SyncConflictLog under overlapping calls")
struct SyncConflictLogTests {
    /// `count` records decided at distinct times from `start` (one second apart).
    static func records(_ count: Int, from start: Int, call: Int) -> [SyncConflictRecord] {
        (0..<count).map { index in
            let stamp = SyncStamp(updatedAt: Date(timeIntervalSinceReferenceDate: 0), version: 1, replicaID: "kitchen")
            return SyncConflictRecord(
                entityKind: "product", entityID: "p-\(call)-\(index)", operationID: UUID(),
                decision: SyncFieldDecision(field: "title", kind: .kept, kept: .init(text: "t", stamp: stamp)),
                decidedAt: Date(timeIntervalSinceReferenceDate: Double(start + index)), decidedBy: "kitchen")
        }
    }

    /// A store that lets other tasks run before and after every call, so overlapping calls interleave at each
    /// `await` as they may on a real store.
    struct YieldingStore: MetadataStore {
        let base: any MetadataStore
        var scope: StorageScope { base.scope }

        func yielding<T>(_ body: () async throws -> T) async rethrows -> T {
            await Task.yield()
            let value = try await body()
            await Task.yield()
            return value
        }

        func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
            try await yielding { try await base.record(id, in: collection) }
        }
        func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
            try await yielding { try await base.query(query, in: collection) }
        }
        func apply(_ writes: [RecordWrite]) async throws {
            try await yielding { try await base.apply(writes) }
        }
        func count(matching filter: RecordFilter?, in collection: RecordCollection) async throws -> Int {
            try await yielding { try await base.count(matching: filter, in: collection) }
        }
    }

    @Test("Overlapping records keep exactly the newest records up to capacity, on a store and in memory")
    func overlappingRecordsKeepTheNewestUpToCapacity() async throws {
        let stores: [(any MetadataStore)?] = [YieldingStore(base: InMemoryStorageProvider().userMetadata), nil]
        for store in stores {
            let log = SyncConflictLog(store: store, capacity: 50)
            let calls = (0..<40).map { call in Self.records(5, from: call * 5, call: call) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for batch in calls {
                    group.addTask { try await log.record(batch) }
                    group.addTask { _ = try await log.recent(limit: 10) }
                }
                try await group.waitForAll()
            }
            let newest = calls.flatMap { $0 }.sorted { $0.decidedAt > $1.decidedAt }.prefix(50)
            let kept = try await log.recent(limit: 1_000)
            #expect(kept.count == 50, "\(store == nil ? "memory" : "store"): \(kept.count) records kept")
            #expect(Set(kept.map(\.id)) == Set(newest.map(\.id)))
        }
    }
}
