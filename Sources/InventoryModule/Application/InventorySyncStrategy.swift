import Foundation
import InventorySync

/// When inventory changes are pushed.
public enum InventoryWritePolicy: Hashable, Sendable {
    /// Commit locally, return, then push in the background when online.
    case localThenRemoteImmediate
    /// Commit locally and leave the entries in the outbox for the next ``InventoryModuleService/syncPending(households:)``.
    case localThenEnqueue
}

/// The injected sync behaviour of an ``InventoryModuleService``.
///
/// There is no conflict policy to choose: stock changes are journal operations that commute (two consumptions
/// of the same lot both count), and master-data edits (a location renamed on two devices) resolve
/// last-writer-wins by the journal's total order (recordedAt, replica id, entry id) — the same on every replica.
public struct InventorySyncStrategy: Sendable {
    /// When changes are pushed.
    public var writePolicy: InventoryWritePolicy
    /// Backoff and attempt cap of failed pushes.
    public var retryPolicy: RetryPolicy
    /// How many entries one push carries.
    public var pushBatchSize: Int
    /// How many entries one pull asks for.
    public var pullBatchSize: Int

    /// Creates a strategy.
    public init(
        writePolicy: InventoryWritePolicy = .localThenRemoteImmediate, retryPolicy: RetryPolicy = .standard,
        pushBatchSize: Int = 200, pullBatchSize: Int = 500
    ) {
        self.writePolicy = writePolicy
        self.retryPolicy = retryPolicy
        self.pushBatchSize = max(1, pushBatchSize)
        self.pullBatchSize = max(1, pullBatchSize)
    }

    /// Immediate push with the standard retry policy.
    public static let standard = InventorySyncStrategy()
}
