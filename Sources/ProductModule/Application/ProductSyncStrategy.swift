import Foundation
import InventoryKit
import InventorySync

/// When reads consult the remote.
public enum ProductReadPolicy: Hashable, Sendable {
    /// Never: local data only (a local miss returns `nil`).
    case localOnly
    /// Local first; on a miss fetch the remote; on a hit whose last sync is older than `staleAfter` seconds,
    /// refresh from the remote in the background.
    case localThenRemoteIfStale(staleAfter: TimeInterval)
    /// Local first; on a miss fetch the remote; on a hit always refresh in the background.
    case localThenRemoteAlwaysBackground
}

/// The injected sync behaviour of a ``ProductModuleService``.
public struct ProductSyncStrategy: Sendable {
    /// When reads consult the remote.
    public var readPolicy: ProductReadPolicy
    /// When writes are pushed.
    public var writePolicy: ProductWritePolicy
    /// How conflicting local and remote changes are reconciled. Default: `ConflictPolicy.mergeFields` — every field
    /// either side changed is kept, a field both changed goes to the later write, and each decision is kept in
    /// ``ProductModuleService/conflictLog``.
    public var conflictPolicy: ConflictPolicy<Product>
    /// Backoff and attempt cap of failed pushes.
    public var retryPolicy: RetryPolicy
    /// How many changes one push call carries (default 500, what the sync server accepts in one push). Each push
    /// round is one call to the remote, one outbox read and one commit, so fewer, larger rounds cost less per change.
    public var pushBatchSize: Int
    /// How many changes one push round reads, sends (in calls of ``pushBatchSize``) and settles in one local commit
    /// (default 2,000; at least ``pushBatchSize``).
    public var pushCommitSize: Int
    /// How many records one pull call asks for.
    public var pullBatchSize: Int
    /// How many pulled records one local commit takes (default 5,000): pages are fetched until they hold this many and
    /// committed together, as each commit pays for every index page its records touch. Lower it to hold fewer pulled
    /// records in memory at once.
    public var pullCommitSize: Int

    /// Creates a strategy.
    public init(
        readPolicy: ProductReadPolicy = .localThenRemoteIfStale(staleAfter: 3_600),
        writePolicy: ProductWritePolicy = .localThenRemoteImmediate,
        conflictPolicy: ConflictPolicy<Product> = .mergeFields, retryPolicy: RetryPolicy = .standard,
        pushBatchSize: Int = 500, pushCommitSize: Int = 2_000, pullBatchSize: Int = 200, pullCommitSize: Int = 5_000
    ) {
        self.readPolicy = readPolicy
        self.writePolicy = writePolicy
        self.conflictPolicy = conflictPolicy
        self.retryPolicy = retryPolicy
        self.pushBatchSize = max(1, pushBatchSize)
        self.pushCommitSize = max(self.pushBatchSize, pushCommitSize)
        self.pullBatchSize = max(1, pullBatchSize)
        self.pullCommitSize = max(1, pullCommitSize)
    }

    /// Local first with hourly background refresh, immediate push, field-by-field merge of conflicts.
    public static let standard = ProductSyncStrategy()
}
