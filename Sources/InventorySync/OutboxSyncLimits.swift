import Foundation

/// The bounds of one sync pass, in one place for both modules.
///
/// A pass pushes due entries in rounds of ``pushCommitSize`` (calls of ``pushBatchSize``, one local commit a round)
/// until none is due, and pulls each scope in pages of
/// ``pullPageSize`` until the remote says there is no more, committing up to ``pullCommitSize`` pulled changes at a
/// time. The round and page caps only stop a pass that would otherwise never end (a remote that always answers
/// "more"); the next pass goes on where it stopped.
public struct OutboxSyncLimits: Hashable, Sendable {
    /// How many operations one push call carries (default 500, what the sync server accepts in one push).
    public var pushBatchSize: Int
    /// How many operations one push round reads, sends (in calls of ``pushBatchSize``) and settles in one local
    /// commit; at least one call's worth.
    public var pushCommitSize: Int
    /// How many changes one pull call asks for.
    public var pullPageSize: Int
    /// How many pulled changes one local commit takes: pages are fetched until they hold this many (or the feed
    /// ends) and adopted together, at least one page a commit.
    public var pullCommitSize: Int
    /// The most push rounds of one pass.
    public var maxPushRounds: Int
    /// The most pull pages of one scope in one pass.
    public var maxPullPages: Int

    /// The cap on push rounds of one pass (with the default round of 2,000: twenty million operations).
    public static let defaultMaxPushRounds = 10_000
    /// The cap on pull pages of one scope in one pass (with the default page of 200: twenty million changes).
    public static let defaultMaxPullPages = 100_000

    /// Creates limits; values below 1 become 1.
    public init(
        pushBatchSize: Int = 500, pushCommitSize: Int = 2_000, pullPageSize: Int = 200, pullCommitSize: Int = 5_000,
        maxPushRounds: Int = Self.defaultMaxPushRounds, maxPullPages: Int = Self.defaultMaxPullPages
    ) {
        self.pushBatchSize = max(1, pushBatchSize)
        self.pushCommitSize = max(self.pushBatchSize, pushCommitSize)
        self.pullPageSize = max(1, pullPageSize)
        self.pullCommitSize = max(1, pullCommitSize)
        self.maxPushRounds = max(1, maxPushRounds)
        self.maxPullPages = max(1, maxPullPages)
    }
}
