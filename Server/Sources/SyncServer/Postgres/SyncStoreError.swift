/// Errors of a ``SyncStore`` that callers act on.
package enum SyncStoreError: Error, Sendable, Equatable {
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

extension SyncStoreError: CustomStringConvertible {
    /// One sentence naming what was not found or not read, for a command line's error message.
    package var description: String {
        switch self {
        case .householdNotFound(let household): "No household \(household) on this server (it does not exist or was erased)."
        case .deviceNotFound(let device): "No device \(device) on this server."
        case .feedNotFound(let feed): "No calendar feed \(feed) in this household."
        case .memberNotFound(let member): "No member \(member) in this household."
        case .cursorAhead(let after, let lastSeq): "The cursor \(after) is ahead of the household's last seq \(lastSeq)."
        case .cursorCompacted(let after, let compactedThrough):
            "Changes after cursor \(after) were compacted (through seq \(compactedThrough))."
        case .damagedRecord(let detail): "A stored record does not decode: \(detail)"
        }
    }
}
