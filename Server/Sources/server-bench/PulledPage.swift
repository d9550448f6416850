/// The part of a page of changes the benchmark checks: each change's sequence number and op id.
struct PulledPage: Decodable {
    /// One change of the page.
    struct Change: Decodable {
        let seq: Int64
        let opId: String
    }

    let changes: [Change]
    let cursor: Int64
    let hasMore: Bool
}
