import Foundation
import InventoryKit
import InventorySync

/// The position of a journal entry in the total order every replica folds in: `recordedAt`, then `replicaID`,
/// then the entry id's UUID text.
public struct InventoryJournalOrderKey: Hashable, Comparable, Sendable, Codable {
    /// When the entry was recorded.
    public var recordedAt: Date
    /// The replica that recorded it.
    public var replicaID: ReplicaID
    /// The entry's id.
    public var entryID: UUID

    /// Creates a key.
    public init(recordedAt: Date, replicaID: ReplicaID, entryID: UUID) {
        self.recordedAt = recordedAt
        self.replicaID = replicaID
        self.entryID = entryID
    }

    /// Orders by `recordedAt`, then `replicaID` (UTF-8 bytes), then the id's UUID text.
    public static func < (lhs: InventoryJournalOrderKey, rhs: InventoryJournalOrderKey) -> Bool {
        if lhs.recordedAt != rhs.recordedAt { return lhs.recordedAt < rhs.recordedAt }
        if lhs.replicaID != rhs.replicaID { return lhs.replicaID < rhs.replicaID }
        return UUIDText.precedes(lhs.entryID, rhs.entryID)
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case recordedAt, replicaID, entryID = "entryId"
    }
}
