import Foundation
import InventoryKit

/// A decided conflict as an app reads it back: which record and field, the value kept and who wrote it, the value
/// discarded (if any) and who wrote it, and when and where it was decided. ``SyncConflictLog`` keeps them.
public struct SyncConflictRecord: StorableRecord, Hashable {
    /// The collection of conflict records in the user metadata store.
    public static let collection: RecordCollection = "sync-conflicts"

    /// The record's id: the same for the same decision (operation and field), so a decision recorded twice (a pass
    /// repeated after a crash) is one record.
    public var id: UUID
    /// The kind of record decided (`product`).
    public var entityKind: String
    /// The id of the record decided.
    public var entityID: String
    /// The local operation that met the conflict.
    public var operationID: UUID
    /// The field and how it was decided.
    public var decision: SyncFieldDecision
    /// When it was decided.
    public var decidedAt: Date
    /// The replica that decided it.
    public var decidedBy: ReplicaID

    /// Creates a record of `decision`, with the id of its operation and field.
    public init(
        entityKind: String, entityID: String, operationID: UUID, decision: SyncFieldDecision, decidedAt: Date,
        decidedBy: ReplicaID
    ) {
        self.id = InventoryIDGenerator.generate(
            for: .url, name: "https://inventorykit.dev/conflicts/\(operationID.uuidString.lowercased())/\(decision.field)")
        self.entityKind = entityKind
        self.entityID = entityID
        self.operationID = operationID
        self.decision = decision
        self.decidedAt = decidedAt
        self.decidedBy = decidedBy
    }

    /// The key: ``id``.
    public var recordID: RecordID { RecordID(id) }

    /// Indexed for the newest-first listing and the per-record query.
    public var indexedFields: [String: FieldValue] {
        ["decidedAt": .date(decidedAt), "entityID": .string(entityID), "kind": .string(decision.kind.rawValue)]
    }

    /// The keys of the stored form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case id, entityKind, entityID = "entityId", operationID = "operationId", decision, decidedAt, decidedBy
    }
}
