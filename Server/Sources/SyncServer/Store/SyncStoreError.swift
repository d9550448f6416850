/// Errors of a ``SyncStore`` that callers act on.
public enum SyncStoreError: Error, Sendable, Equatable {
    /// The household does not exist or has been erased.
    case householdNotFound(HouseholdID)
    /// The device does not exist.
    case deviceNotFound(DeviceID)
    /// The household has no such calendar feed.
    case feedNotFound(FeedID)
    /// The household has no such member.
    case memberNotFound(MemberID)
    /// The cursor is past the household's last sequence number: the client's state is not from this log.
    case cursorAhead(after: Int64, lastSeq: Int64)
    /// The cursor is older than the household's compaction horizon: changes it has not seen may be gone.
    case cursorCompacted(after: Int64, compactedThrough: Int64)
    /// A stored record the rules need does not decode.
    case damagedRecord(String)
}
