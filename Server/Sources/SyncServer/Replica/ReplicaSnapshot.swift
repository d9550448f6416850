import Foundation
import SyncWire

/// A saved state of a household's replica as a device bootstraps from it: which `seq` it covers, the kit's mark
/// of it, the size, digest and format version of its bytes, and the products its lots refer to.
public struct ReplicaSnapshot: Sendable, Equatable {
    /// The `seq` the state covers: the fold of every journal change with `seq` at most this.
    public let seq: Int64
    /// The kit's `InventoryCheckpointMark` of the state, as `RecordCoding` JSON, as stored.
    public let mark: String
    /// The number of bytes of the state.
    public let byteCount: Int64
    /// The SHA-256 of the state's bytes, in lowercase hex.
    public let sha256: String
    /// The version of the kit's checkpoint format the bytes carry (their fifth byte).
    public let formatVersion: Int
    /// The ids of the products the state's lots refer to, sorted; empty when they were not asked for.
    public let productIDs: [String]

    /// Creates a snapshot description.
    public init(seq: Int64, mark: String, byteCount: Int64, sha256: String, formatVersion: Int, productIDs: [String]) {
        self.seq = seq
        self.mark = mark
        self.byteCount = byteCount
        self.sha256 = sha256
        self.formatVersion = formatVersion
        self.productIDs = productIDs
    }
}
