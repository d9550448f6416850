import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductImport
import ProductModule
import SyncWire

/// How the server judges one pushed change against what it holds — with the kit's own rules, never a copy:
/// products by `ProductPushRule`, named entities by `NamedEntity.reconciled(with:)`, journal entries appended once
/// by id.
///
/// Pure: the store reads the current state inside its transaction (under the household's lock) and asks here.
package enum ChangeRules {
    /// What to do with a change.
    package enum Decision: Sendable, Hashable {
        /// Append a change to the log and make it the entity's current state.
        case write(EntityWrite)
        /// The change adds nothing to the current state (a named entity version already joined): answer
        /// `applied` with the current state's sequence number.
        case unchanged(seq: Int64)
        /// The journal entry is already in the log under this sequence number.
        case duplicate(seq: Int64)
        /// The change was not built on the current state; answer with it.
        case conflict(current: Data)
        /// The change is refused for good.
        case reject(reason: String)
    }

    /// Errors reading the server's own records.
    package struct DamagedRecord: Error, CustomStringConvertible {
        /// Which record and why.
        package let description: String
    }

    /// Decides a change.
    ///
    /// - Parameters:
    ///   - change: the validated change.
    ///   - current: the entity's current state, if the server holds one.
    ///   - keyHolder: for a named entity, the live entity of another id holding the same kind and semantic key.
    /// - Throws: ``DamagedRecord`` when a stored record does not decode.
    package static func decide(
        _ change: PendingChange, current: StoredEntity?, keyHolder: StoredEntity? = nil
    ) throws -> Decision {
        switch change.content {
        case .journal(let entry):
            if let current { return .duplicate(seq: current.seq) }
            return .write(EntityWrite(state: .journal(entry)))

        case .product(let request):
            let currentRecord = try current.map { try decodeRecord(RemoteProductRecord.self, of: $0) }
            switch ProductPushRule.decide(request, current: currentRecord, currentOperationID: current?.lastOpID) {
            case .apply:
                var record = RemoteProductRecord(applying: request.change)
                // A device on an earlier kit pushes provenance stating every field's source in full: it is stored,
                // and served, with each source stated once (what `data_0001_product_provenance_stated_once` does to
                // rows stored before). Nothing else of the product changes.
                if var product = record.product, product.restateProvenance() { record.product = product }
                return .write(EntityWrite(state: .product(record)))
            case .conflict:
                // The stored bytes are the current record as served, sequence included.
                return .conflict(current: current?.record ?? Data())
            case .reject(let reason):
                return .reject(reason: reason)
            }

        case .namedEntity(let pushed):
            var joined = pushed
            if let current {
                let stored = try decodeRecord(NamedEntity.self, of: current)
                joined = stored.reconciled(with: pushed)
                if joined == stored { return .unchanged(seq: current.seq) }
            }
            if joined.isLive, joined.semanticKey == pushed.semanticKey, let keyHolder, let record = keyHolder.record {
                return .conflict(current: record)
            }
            return .write(EntityWrite(state: .namedEntity(joined)))
        }
    }

    private static func decodeRecord<T: Decodable>(_ type: T.Type, of entity: StoredEntity) throws -> T {
        guard let record = entity.record else {
            throw DamagedRecord(description: "\(entity.kind.rawValue) \(entity.entityID) has no stored record")
        }
        do {
            return try RecordCoding.decode(T.self, from: record)
        } catch {
            throw DamagedRecord(
                description: "\(entity.kind.rawValue) \(entity.entityID): \(RecordCoding.describe(error))")
        }
    }
}
