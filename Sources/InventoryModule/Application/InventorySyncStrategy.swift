import Foundation
import InventorySync

/// When inventory changes are pushed (the engine's `SyncWritePolicy`).
public typealias InventoryWritePolicy = SyncWritePolicy

/// The sync events of an ``InventoryModuleService``: operations name the journal entry id they push, pulls the
/// household.
public typealias InventorySyncEvent = SyncEvent<UUID, HouseholdID>

/// What one ``InventoryModuleService/syncPending(households:trigger:)`` pass did.
public typealias InventorySyncReport = SyncReport<HouseholdID>

/// The injected sync behaviour of an ``InventoryModuleService``.
///
/// There is no conflict policy to choose: stock changes are journal operations that commute (two consumptions
/// of the same lot both count), and master-data edits (a location renamed on two devices) resolve
/// last-writer-wins by the journal's total order (recordedAt, replica id, entry id) — the same on every replica.
public struct InventorySyncStrategy: Sendable {
    /// When changes are pushed.
    public var writePolicy: InventoryWritePolicy
    /// When household reads refresh from the remote first (local only unless set).
    public var readPolicy: InventoryReadPolicy
    /// Backoff and attempt cap of failed pushes.
    public var retryPolicy: RetryPolicy
    /// How many entries one push carries (default 500, what the sync server accepts in one push). Each push round
    /// is one call to the remote, one outbox read and one commit, so fewer, larger rounds cost less per entry.
    public var pushBatchSize: Int
    /// How many entries one push round reads, sends (in calls of ``pushBatchSize``) and settles in one local commit
    /// (default 2,000; at least ``pushBatchSize``).
    public var pushCommitSize: Int
    /// How many entries one pull asks for.
    public var pullBatchSize: Int
    /// How many pulled entries one local commit takes (default 5,000): pages are fetched until they hold this many and
    /// committed together, as each commit pays for every index page its entries touch. Lower it to hold fewer pulled
    /// entries in memory at once.
    public var pullCommitSize: Int

    /// Creates a strategy.
    public init(
        writePolicy: InventoryWritePolicy = .localThenRemoteImmediate, retryPolicy: RetryPolicy = .standard,
        pushBatchSize: Int = 500, pushCommitSize: Int = 2_000, pullBatchSize: Int = 500, pullCommitSize: Int = 5_000,
        readPolicy: InventoryReadPolicy = .localOnly
    ) {
        self.writePolicy = writePolicy
        self.readPolicy = readPolicy
        self.retryPolicy = retryPolicy
        self.pushBatchSize = max(1, pushBatchSize)
        self.pushCommitSize = max(self.pushBatchSize, pushCommitSize)
        self.pullBatchSize = max(1, pullBatchSize)
        self.pullCommitSize = max(1, pullCommitSize)
    }

    /// Immediate push with the standard retry policy.
    public static let standard = InventorySyncStrategy()
}
