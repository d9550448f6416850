import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// A change the rules accepted: what the store writes to the log and to the entity's current state.
package struct EntityWrite: Sendable, Hashable {
    /// The accepted state.
    package enum State: Sendable, Hashable {
        /// A journal entry, appended once.
        case journal(InventoryJournalEntry)
        /// A product's new remote state (its `sequence` is set when the store numbers the change).
        case product(RemoteProductRecord)
        /// A named entity's joined version.
        case namedEntity(NamedEntity)
    }

    /// The accepted state.
    package let state: State

    /// Whether the entity is live after the write: a product tombstone or a merged named entity is not.
    package var isLive: Bool {
        switch state {
        case .journal: true
        case .product(let record): record.product != nil
        case .namedEntity(let entity): entity.isLive
        }
    }

    /// The kind and semantic key a live named entity claims; `nil` for anything else.
    package var semanticSlot: (kind: String, key: String)? {
        guard case .namedEntity(let entity) = state, entity.isLive, let key = entity.semanticKey else { return nil }
        return (entity.kind.rawValue, key.rawValue)
    }

    /// The payload of the change numbered `seq`, as pullers receive it.
    /// - Throws: `EncodingError` (a kit value that cannot encode, which validation rules out).
    package func payload(seq: Int64) throws -> Data {
        switch state {
        case .journal(let entry): return try RecordCoding.encode(entry)
        case .product(var record):
            record.sequence = seq
            return try RecordCoding.encode(record)
        case .namedEntity(let entity): return try RecordCoding.encode(entity)
        }
    }

    /// The entity's current record after the change numbered `seq`; `nil` for a journal entry (the log holds it).
    /// - Throws: `EncodingError`.
    package func record(seq: Int64) throws -> Data? {
        if case .journal = state { return nil }
        return try payload(seq: seq)
    }
}
