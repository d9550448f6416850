import Foundation
import InventoryKit
import InventoryModule
import SyncWire

/// The in-memory view one push judges its changes against, and the rows it will write.
///
/// The store loads, in a few queries under the household's lock, what the batch can touch — the op ids it names
/// that were applied before, the current state of each entity it names (a journal entry's from its change row,
/// a product's or named entity's from `entities`), and the live holders of the semantic keys it claims — and then
/// stages the changes here one by one, in order, with ``ChangeRules``. Each staged write becomes the current state
/// later changes of the batch see, exactly as if every change had been written and read back on its own; an op id
/// staged once answers `duplicate` when the batch names it again. The result is the change rows to append, the op
/// ids that wrote no change row (for `operations`), and the last state of each written product or named entity
/// (for `entities`), written by a constant number of statements.
struct PushBatch {
    /// An entity of the household: its kind and id.
    struct EntityKey: Hashable {
        /// The entity's kind.
        let kind: ChangeKind
        /// The entity id, as pushed.
        let id: String
    }

    /// The kind and semantic key a live named entity claims; at most one entity holds a slot.
    struct SemanticSlot: Hashable {
        /// The named entity's kind.
        let kind: String
        /// Its semantic key.
        let key: String
    }

    /// An `entities` row as loaded: the stored state and the slot it holds.
    struct LoadedEntity {
        /// The stored state.
        let entity: StoredEntity
        /// The slot the row holds, if any.
        let slot: SemanticSlot?
    }

    /// A row to append to `changes`.
    struct ChangeRow: Sendable {
        /// The payload as pullers receive it.
        enum Payload: Sendable {
            /// JSON text: a product's or named entity's record as the rules wrote it (also the entity's record),
            /// or a journal entry's canonical encoding made during validation.
            case text(String)
            /// A journal entry, encoded when the batch is written: nothing staged after it reads its text.
            case journal(InventoryJournalEntry)

            /// The JSON text.
            /// - Throws: `EncodingError`.
            func text() throws -> String {
                switch self {
                case .text(let text): text
                case .journal(let entry): String(decoding: try RecordCoding.encode(entry), as: UTF8.self)
                }
            }
        }

        /// Its sequence number.
        let seq: Int64
        /// The operation that wrote it.
        let opID: UUID
        /// The entity it changes.
        let key: EntityKey
        /// The payload.
        let payload: Payload
        /// The journal entry the payload encodes, for a journal entry's row.
        var entry: InventoryJournalEntry? = nil
    }

    /// An entity's state after the batch, for `entities`.
    struct EntityRow {
        /// The entity.
        let key: EntityKey
        /// Its current record (JSON text).
        let record: String?
        /// Whether it is live.
        let isLive: Bool
        /// The slot it holds.
        let slot: SemanticSlot?
        /// The operation that wrote it.
        let lastOpID: UUID
        /// The sequence number of that operation's change.
        let seq: Int64
    }

    /// Thrown when a staged write would claim a slot another entity holds: the unique index would refuse the
    /// write, so the whole push fails as it would have in the database.
    struct SlotTaken: Error, CustomStringConvertible {
        /// The slot and the two entities.
        let description: String
    }

    /// The last sequence number handed out (the household's, plus the batch's writes).
    private(set) var lastSeq: Int64
    /// Op ids applied before the batch or staged by it, with their sequence numbers.
    private var appliedOps: [UUID: Int64]
    /// The current state of every entity loaded or written.
    private var current: [EntityKey: StoredEntity] = [:]
    /// The slot each loaded or written entity holds now.
    private var slotOf: [EntityKey: SemanticSlot] = [:]
    /// Who holds each known slot now.
    private var holderOf: [SemanticSlot: EntityKey] = [:]
    /// Slots whose holder in the database is known (loaded, possibly absent).
    private var knownSlots: Set<SemanticSlot> = []
    /// The slot each entity held in the database before the batch.
    private var storedSlots: [EntityKey: SemanticSlot] = [:]
    /// The entities the database held before the batch (all the batch names are loaded).
    private var storedKeys: Set<EntityKey> = []

    /// Op ids without a change row of their own to record, in staging order.
    private(set) var operations: [(opID: UUID, seq: Int64)] = []
    /// Changes to append, in sequence order.
    private(set) var changes: [ChangeRow] = []
    /// The last state of each written entity, by key.
    private var written: [EntityKey: EntityRow] = [:]
    /// Written entities in the order they were first written.
    private var writtenOrder: [EntityKey] = []

    /// Starts from the household's last sequence number and the op ids of the batch applied before it.
    init(lastSeq: Int64, appliedOps: [UUID: Int64]) {
        self.lastSeq = lastSeq
        self.appliedOps = appliedOps
    }

    // MARK: - What the batch needs from the database

    /// The entities the batch names, each once.
    static func entityKeys(of changes: [PendingChange]) -> [EntityKey] {
        var seen: Set<EntityKey> = []
        return changes.map { EntityKey(kind: $0.kind, id: $0.entityID) }.filter { seen.insert($0).inserted }
    }

    /// The slots the batch's live named entities claim, each once.
    static func claimedSlots(of changes: [PendingChange]) -> [SemanticSlot] {
        var seen: Set<SemanticSlot> = []
        return changes.compactMap { change -> SemanticSlot? in
            guard case .namedEntity(let entity) = change.content, entity.isLive, let key = entity.semanticKey else {
                return nil
            }
            return SemanticSlot(kind: entity.kind.rawValue, key: key.rawValue)
        }.filter { seen.insert($0).inserted }
    }

    /// Adds rows loaded from the database; a row already known keeps the batch's view of it.
    mutating func load(_ rows: [LoadedEntity]) {
        for row in rows {
            let key = EntityKey(kind: row.entity.kind, id: row.entity.entityID)
            guard current[key] == nil else { continue }
            current[key] = row.entity
            storedKeys.insert(key)
            if let slot = row.slot {
                slotOf[key] = slot
                storedSlots[key] = slot
                if holderOf[slot] == nil { holderOf[slot] = key }
            }
        }
    }

    /// Marks slots whose database holders are now loaded (an absent holder included).
    mutating func markKnown(_ slots: some Sequence<SemanticSlot>) {
        knownSlots.formUnion(slots)
    }

    // MARK: - Staging

    /// The slot a write would claim that this batch has not loaded the holder of, if any; the caller loads it
    /// and calls ``markKnown(_:)`` before staging.
    func unknownSlot(of write: EntityWrite) -> SemanticSlot? {
        guard let slot = write.semanticSlot.map({ SemanticSlot(kind: $0.kind, key: $0.key) }) else { return nil }
        return knownSlots.contains(slot) ? nil : slot
    }

    /// The entity's current state as the batch sees it.
    func currentState(of change: PendingChange) -> StoredEntity? {
        current[EntityKey(kind: change.kind, id: change.entityID)]
    }

    /// The live entity of another id holding the slot a pushed named entity claims, as the batch sees it.
    func keyHolder(for change: PendingChange) -> StoredEntity? {
        guard let slot = Self.claimedSlots(of: [change]).first, let holder = holderOf[slot],
              holder != EntityKey(kind: change.kind, id: change.entityID)
        else { return nil }
        return current[holder]
    }

    /// The op id's sequence number when it was applied before or staged earlier in the batch.
    func appliedSeq(of opID: UUID) -> Int64? {
        appliedOps[opID]
    }

    /// Records an op id under a sequence number without a change of its own (a duplicate journal entry, an
    /// unchanged named entity): these are the only op ids `operations` holds besides compacted ones.
    mutating func record(_ opID: UUID, seq: Int64) {
        appliedOps[opID] = seq
        operations.append((opID, seq))
    }

    /// Stages an accepted change under the next sequence number and returns that number.
    /// - Throws: ``SlotTaken`` when another entity holds the slot the write claims; `EncodingError`.
    mutating func append(_ change: PendingChange, _ write: EntityWrite) throws -> Int64 {
        let key = EntityKey(kind: change.kind, id: change.entityID)
        let slot = write.semanticSlot.map { SemanticSlot(kind: $0.kind, key: $0.key) }
        if let slot, let holder = holderOf[slot], holder != key {
            throw SlotTaken(description:
                "\(slot.kind) key \(slot.key) is held by \(holder.id); \(key.id) cannot take it")
        }
        let seq = lastSeq + 1
        let payload: ChangeRow.Payload
        let stored: Data?
        var journalEntry: InventoryJournalEntry?
        if case .journal(let entry) = write.state {
            journalEntry = entry
            payload = change.canonicalPayload.map { .text(String(decoding: $0, as: UTF8.self)) } ?? .journal(entry)
            stored = nil
        } else {
            // A product's or named entity's payload is its record, which later changes of the batch may read.
            let record = try write.payload(seq: seq)
            payload = .text(String(decoding: record, as: UTF8.self))
            stored = record
        }
        lastSeq = seq
        // The change row records the op id (unique per household); `operations` keeps only op ids without one.
        appliedOps[change.opID] = seq
        changes.append(ChangeRow(seq: seq, opID: change.opID, key: key, payload: payload, entry: journalEntry))

        current[key] = StoredEntity(kind: key.kind, entityID: key.id, record: stored, lastOpID: change.opID, seq: seq)
        if let old = slotOf[key], holderOf[old] == key { holderOf[old] = nil }
        slotOf[key] = slot
        if let slot { holderOf[slot] = key }

        // A journal entry's state is its change row: duplicates are found in `changes`, not in `entities`.
        guard key.kind != .journal else { return seq }
        if written[key] == nil { writtenOrder.append(key) }
        written[key] = EntityRow(
            key: key, record: stored.map { String(decoding: $0, as: UTF8.self) }, isLive: write.isLive, slot: slot,
            lastOpID: change.opID, seq: seq)
        return seq
    }

    // MARK: - Rows to write

    /// The last state of each written entity, in the order the batch first wrote them.
    var entityRows: [EntityRow] {
        writtenOrder.compactMap { written[$0] }
    }

    /// Whether the database held the entity before the batch; one it did not hold gets a row inserted.
    func isStored(_ key: EntityKey) -> Bool {
        storedKeys.contains(key)
    }

    /// Written entities that held a slot in the database and end the batch holding another one (or none): their
    /// slots are released before the batch's states are written, so the unique index only ever sees states
    /// that hold together.
    var releasedSlots: [EntityKey] {
        writtenOrder.filter { key in
            guard let stored = storedSlots[key] else { return false }
            return written[key]?.slot != stored
        }
    }
}
