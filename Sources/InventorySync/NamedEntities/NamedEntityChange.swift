import Foundation
import InventoryKit

/// The outbox payload of a named entity: its whole state after a local change.
///
/// Named entities are joined, not overwritten (`NamedEntity.reconciled(with:)`), so a push carries the state and
/// needs no base: the remote joins it into its record, and pushing an older state after a newer one changes
/// nothing.
public struct NamedEntityChange: OutboxPayload, Hashable {
    /// Named-entity outbox entries live in the user metadata store's `namedEntity-outbox` collection.
    public static let outboxCollection: RecordCollection = "namedEntity-outbox"

    /// The entity's state after the change.
    public var entity: NamedEntity

    /// Creates a change carrying `entity`'s state.
    public init(entity: NamedEntity) {
        self.entity = entity
    }
}

/// A named-entity outbox entry.
public typealias NamedEntityOutboxEntry = OutboxEntry<NamedEntityChange>
