import Foundation
import InventoryKit
import InventoryKitTesting
import ProductModule

/// A product store on in-memory storage whose commits take a while (so the import's next batch is staged while
/// one is written) and can fail on cue; it counts the reads made while a commit was under way.
actor SlowCommitProductStore: ProductStore {
    private let base: StorageProductStore
    private let commitDelay: Duration
    private let failingCommit: Int?
    private var commits = 0
    private var committing = 0
    /// Reads answered while a commit was under way.
    private(set) var readsDuringCommits = 0

    /// - Parameters:
    ///   - commitDelay: How long each commit waits before it writes.
    ///   - failingCommit: The commit (counting from 1) that fails with a backend failure instead of writing.
    init(storage: InMemoryStorageProvider = InMemoryStorageProvider(), commitDelay: Duration, failingCommit: Int? = nil) {
        base = StorageProductStore(storage: storage)
        self.commitDelay = commitDelay
        self.failingCommit = failingCommit
    }

    func commit(_ transaction: ProductLocalTransaction) async throws {
        commits += 1
        let number = commits
        committing += 1
        defer { committing -= 1 }
        try await Task.sleep(for: commitDelay)
        if number == failingCommit {
            throw StorageError.backendFailure(operation: "commit \(number)", reason: "failed on cue")
        }
        try await base.commit(transaction)
    }

    private func noteRead() {
        if committing > 0 { readsDuringCommits += 1 }
    }

    func product(_ id: ProductID) async throws -> Product? {
        noteRead()
        return try await base.product(id)
    }

    func tombstone(_ id: ProductID) async throws -> ProductTombstone? {
        noteRead()
        return try await base.tombstone(id)
    }

    func query(_ query: ProductQuery) async throws -> ProductPage {
        try await base.query(query)
    }

    func products(_ ids: [ProductID]) async throws -> [ProductID: Product] {
        noteRead()
        return try await base.products(ids)
    }

    func tombstones(_ ids: [ProductID]) async throws -> [ProductID: ProductTombstone] {
        noteRead()
        return try await base.tombstones(ids)
    }

    func productIDs(withSourceFingerprints fingerprints: [String]) async throws -> [String: ProductID] {
        noteRead()
        return try await base.productIDs(withSourceFingerprints: fingerprints)
    }

    func localStates(_ ids: [ProductID]) async throws -> [ProductID: ProductLocalState] {
        try await base.localStates(ids)
    }

    func syncRecord(_ id: ProductID) async throws -> ProductSyncRecord? { try await base.syncRecord(id) }
    func syncRecords(_ ids: [ProductID]) async throws -> [ProductID: ProductSyncRecord] { try await base.syncRecords(ids) }
    func pendingEntries(limit: Int) async throws -> [ProductOutboxEntry] { try await base.pendingEntries(limit: limit) }
    func dueEntries(at now: Date, limit: Int) async throws -> [ProductOutboxEntry] {
        try await base.dueEntries(at: now, limit: limit)
    }
    func quarantinedEntries() async throws -> [ProductOutboxEntry] { try await base.quarantinedEntries() }
    func pendingEntry(for id: ProductID) async throws -> ProductOutboxEntry? { try await base.pendingEntry(for: id) }
    func pendingOperationIDs(_ ids: [ProductID]) async throws -> [ProductID: UUID] {
        try await base.pendingOperationIDs(ids)
    }
    func outboxCount() async throws -> Int { try await base.outboxCount() }
    func lastSequence() async throws -> Int64 { try await base.lastSequence() }
    func pullCursor() async throws -> Int64? { try await base.pullCursor() }
}
