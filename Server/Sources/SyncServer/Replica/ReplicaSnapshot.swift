import Foundation
import SyncWire

/// A saved state of a household's replica as a device bootstraps from it: which `seq` it covers, the kit's mark
/// of it, the size, digest and format version of its bytes, and the products its lots refer to.
package struct ReplicaSnapshot: Sendable, Equatable {
    /// The `seq` the state covers: the fold of every journal change with `seq` at most this.
    package let seq: Int64
    /// The kit's `InventoryCheckpointMark` of the state, as `RecordCoding` JSON, as stored.
    package let mark: String
    /// The number of bytes of the state.
    package let byteCount: Int64
    /// The SHA-256 of the state's bytes, in lowercase hex.
    package let sha256: String
    /// The version of the kit's checkpoint format the bytes carry (their fifth byte).
    package let formatVersion: Int
    /// The ids of the products the state's lots refer to, sorted; empty when they were not asked for.
    package let productIDs: [String]

    /// Creates a snapshot description.
    package init(seq: Int64, mark: String, byteCount: Int64, sha256: String, formatVersion: Int, productIDs: [String]) {
        self.seq = seq
        self.mark = mark
        self.byteCount = byteCount
        self.sha256 = sha256
        self.formatVersion = formatVersion
        self.productIDs = productIDs
    }
}
