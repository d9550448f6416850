import Foundation
import InventoryKit
import InventorySync

/// One immutable fact of a household's inventory journal: master data or a stock booking.
///
/// The journal is append-only; the state is a deterministic fold of its entries in their total order
/// (``orderKey``: `recordedAt`, then `replicaID`, then the id's UUID text), so syncing is a set union of entries
/// and replicas holding the same set hold the same state. Replaying an entry is idempotent: the projection keeps
/// one entry per ``id``.
///
/// ```swift
/// let entries = try InventoryCommandHandler.decide(.purchase(request), in: state, context: context)
/// journal.append(contentsOf: entries)                // persist and sync these
/// let state = InventoryProjector.project(journal)
/// ```
public struct InventoryJournalEntry: Codable, Sendable, Hashable, Comparable, Identifiable {
    /// The entry's unique id.
    public var id: UUID
    /// The household whose journal holds the entry.
    public var householdID: HouseholdID
    /// The decided command the entry belongs to; undo works per transaction.
    public var transactionID: TransactionID
    /// The caller's id grouping related commands (a shopping trip).
    public var correlationID: CorrelationID
    /// The caller's idempotency key of the command, if any.
    public var idempotencyKey: IdempotencyKey?
    /// When the entry was recorded (the deciding replica's clock).
    public var recordedAt: Date
    /// The replica that recorded the entry.
    public var replicaID: ReplicaID
    /// What happened.
    public var operation: InventoryOperation

    /// Creates an entry.
    public init(
        id: UUID,
        householdID: HouseholdID,
        transactionID: TransactionID,
        correlationID: CorrelationID,
        idempotencyKey: IdempotencyKey? = nil,
        recordedAt: Date,
        replicaID: ReplicaID,
        operation: InventoryOperation
    ) {
        self.id = id
        self.householdID = householdID
        self.transactionID = transactionID
        self.correlationID = correlationID
        self.idempotencyKey = idempotencyKey
        self.recordedAt = recordedAt
        self.replicaID = replicaID
        self.operation = operation
    }

    /// Decodes an entry; its id is read through the kit's UUID reader (the same answers as `UUID`'s own).
    ///
    /// - Throws: `DecodingError` for a missing or malformed member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeUUID(forKey: .id, of: decoder),
            householdID: try container.decode(HouseholdID.self, forKey: .householdID),
            transactionID: try container.decode(TransactionID.self, forKey: .transactionID),
            correlationID: try container.decode(CorrelationID.self, forKey: .correlationID),
            idempotencyKey: try container.decodeIfPresent(IdempotencyKey.self, forKey: .idempotencyKey),
            recordedAt: try container.decode(Date.self, forKey: .recordedAt),
            replicaID: try container.decode(ReplicaID.self, forKey: .replicaID),
            operation: try container.decode(InventoryOperation.self, forKey: .operation))
    }

    /// The entry's position in the total order.
    public var orderKey: InventoryJournalOrderKey {
        InventoryJournalOrderKey(recordedAt: recordedAt, replicaID: replicaID, entryID: id)
    }

    /// Orders entries by ``orderKey``.
    public static func < (lhs: InventoryJournalEntry, rhs: InventoryJournalEntry) -> Bool {
        lhs.orderKey < rhs.orderKey
    }

    /// The entries sorted by the total order, whatever order they arrive in.
    ///
    /// Sorts positions by keys computed once, then moves each entry once: sorting the entries themselves would
    /// copy a whole entry (and retain its strings) at every step of the sort.
    public static func ordered(_ entries: some Sequence<InventoryJournalEntry>) -> [InventoryJournalEntry] {
        let unsorted = Array(entries)
        let keys = unsorted.map(\.orderKey)
        let positions = keys.indices.sorted { keys[$0] < keys[$1] }
        return positions.map { unsorted[$0] }
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case id, householdID = "householdId", transactionID = "transactionId", correlationID = "correlationId", idempotencyKey, recordedAt, replicaID, operation
    }
}
