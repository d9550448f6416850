import Foundation
import InventoryModule

/// The server's answer to `GET /v1/households/{id}/snapshot`: which saved state it serves and where its bytes are
/// (`…/snapshot/{seq}/state`). The product records it may carry are not read here: the product module pulls its
/// own feed.
struct SnapshotAnswer: Decodable, Sendable {
    /// The sequence number the state covers.
    var seq: Int64
    /// The byte format of the state: `inventorykit-checkpoint`.
    var format: String
    /// The format's version, as the bytes carry it.
    var formatVersion: Int
    /// The kit's checkpoint mark of the state.
    var mark: InventoryCheckpointMark
    /// The length of the state's bytes.
    var stateBytes: Int

    /// The format this client reads.
    static let checkpointFormat = "inventorykit-checkpoint"
}
