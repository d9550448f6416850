/// A page of changes as the benchmark decodes it: the changes (only the fields `Change` names) and where to go on.
struct PulledPage<Change: Decodable>: Decodable {
    let changes: [Change]
    let cursor: Int64
    let hasMore: Bool
}

/// The part of a change the load checks read: its sequence number and op id.
struct PulledChange: Decodable {
    let seq: Int64
    let opId: String
}
