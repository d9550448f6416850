import Foundation
import SyncWire

/// The server's current state of one entity of a household, as the `entities` table keeps it.
package struct StoredEntity: Sendable, Hashable {
    /// The entity's kind.
    package var kind: ChangeKind
    /// The entity id, as pushed.
    package var entityID: String
    /// The current record as canonical JSON (a product's remote record, a named entity); `nil` for a journal entry.
    package var record: Data?
    /// The operation that wrote the current state.
    package var lastOpID: UUID
    /// The sequence number of the change that wrote the current state.
    package var seq: Int64

    /// Creates a stored entity.
    package init(kind: ChangeKind, entityID: String, record: Data?, lastOpID: UUID, seq: Int64) {
        self.kind = kind
        self.entityID = entityID
        self.record = record
        self.lastOpID = lastOpID
        self.seq = seq
    }
}
