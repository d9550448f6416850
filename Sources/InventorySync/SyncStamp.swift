import Foundation

/// The version of one write of a record: when, which mutation, and by which replica.
///
/// Stamps are totally ordered — `updatedAt`, then `version`, then `replicaID` — so last-write-wins picks the
/// same winner on every replica, whatever order changes arrive in.
public struct SyncStamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// When the write happened (the writer's clock, kept monotonic per record).
    public var updatedAt: Date
    /// The record's mutation counter after the write.
    public var version: Int
    /// The replica that wrote.
    public var replicaID: ReplicaID

    /// Creates a stamp.
    public init(updatedAt: Date, version: Int, replicaID: ReplicaID) {
        self.updatedAt = updatedAt
        self.version = version
        self.replicaID = replicaID
    }

    /// Orders by `updatedAt`, then `version`, then `replicaID`.
    public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
        if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt < rhs.updatedAt }
        if lhs.version != rhs.version { return lhs.version < rhs.version }
        return lhs.replicaID < rhs.replicaID
    }

    /// The stamp of a write that must win over both `self` and `other`, made by `replica` at `now`:
    /// the latest time, the higher version + 1.
    package func successor(of other: SyncStamp? = nil, now: Date, replica: ReplicaID) -> SyncStamp {
        let latest = max(now, updatedAt, other?.updatedAt ?? updatedAt)
        return SyncStamp(updatedAt: latest, version: max(version, other?.version ?? version) + 1, replicaID: replica)
    }

    /// `v3@2026-…/replica`.
    public var description: String { "v\(version)@\(updatedAt.timeIntervalSinceReferenceDate)/\(replicaID)" }
}
