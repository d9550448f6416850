import Foundation
import InventoryKit
import InventorySync

/// A ``ProductRemoteGateway`` kept in any `StorageProvider` — a shared folder, a second database file — so two
/// devices (or two `pantry` stores) can sync through it without a server.
///
/// It has the exact semantics a server must have: a change applies only on top of its base stamp (or of a state
/// written by one of its superseded operations); an operation id seen before answers as applied without applying
/// again; tombstones stay; every applied change gets the next sequence of the change feed. Records live in the
/// provider's domain metadata (`remote-products`, `remote-operations`), and each push is one
/// atomic `StorageProvider.commit`.
///
/// Use it from one process at a time per store (the JSON-file store locks its folder).
public actor StorageProductRemote: ProductRemoteGateway {
    private static let records: RecordCollection = "remote-products"
    private static let operations: RecordCollection = "remote-operations"

    /// The storage the remote lives in.
    public nonisolated let storage: any StorageProvider

    /// Creates a remote on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// The remote state of a product (or its tombstone).
    public func fetch(_ id: ProductID) async throws -> RemoteProductRecord? {
        try await storage.domainMetadata.load(Entry.self, id: id.recordID)?.record
    }

    /// One page of live products, by the reference evaluator.
    public func query(_ query: ProductQuery) async throws -> ProductPage {
        let entries = try await storage.domainMetadata.all(in: Self.records)
        let products = try entries.compactMap { stored throws(StorageError) in try Entry.decode(stored).record.product }
        return try ProductQueryEvaluator.page(products, query: query)
    }

    /// Applies changes on top of their bases, in one atomic commit; replays are idempotent.
    public func push(_ requests: [ProductPushRequest]) async throws -> [ProductPushResult] {
        var sequence = try await lastSequence()
        var batch = StorageBatch()
        var staged: [ProductID: Entry] = [:]
        var results: [ProductPushResult] = []
        for request in requests {
            if let applied = try await storage.domainMetadata.load(AppliedOperation.self, id: RecordID(request.operationID)) {
                results.append(ProductPushResult(operationID: request.operationID, outcome: .applied(sequence: applied.sequence)))
                continue
            }
            let change = request.change
            let current: Entry?
            if let known = staged[change.productID] {
                current = known
            } else {
                current = try await storage.domainMetadata.load(Entry.self, id: change.productID.recordID)
            }
            switch ProductPushRule.decide(request, current: current?.record, currentOperationID: current?.lastOperationID) {
            case .apply: break
            case .conflict(let record):
                results.append(ProductPushResult(operationID: request.operationID, outcome: .conflict(current: record)))
                continue
            case .reject(let reason):
                results.append(ProductPushResult(operationID: request.operationID, outcome: .rejected(reason: reason)))
                continue
            }
            sequence += 1
            let entry = Entry(
                record: RemoteProductRecord(applying: change, sequence: sequence),
                lastOperationID: request.operationID)
            staged[change.productID] = entry
            batch.domain.append(try .save(entry))
            batch.domain.append(try .save(AppliedOperation(operationID: request.operationID, sequence: sequence)))
            results.append(ProductPushResult(operationID: request.operationID, outcome: .applied(sequence: sequence)))
        }
        try await storage.commit(batch)
        return results
    }

    /// The latest state of every record changed after `cursor`, in feed order.
    public func changes(after cursor: Int64?, limit: Int) async throws -> ProductChangeBatch {
        let query = RecordQuery(
            filter: .greaterThan("sequence", .int(cursor ?? 0)), sort: [.ascending("sequence")],
            limit: max(1, min(limit, RecordQuery.maximumLimit)))
        let page = try await storage.domainMetadata.query(Entry.self, query)
        let records = page.records.map(\.record)
        return ProductChangeBatch(records: records, cursor: records.last?.sequence ?? cursor, hasMore: page.nextCursor != nil)
    }

    private func lastSequence() async throws -> Int64 {
        let page = try await storage.domainMetadata.query(RecordQuery(sort: [.descending("sequence")], limit: 1), in: Self.records)
        guard case .int(let sequence)? = page.records.first?[field: "sequence"] else { return 0 }
        return sequence
    }

    /// A product's remote state and the operation that wrote it.
    private struct Entry: StorableRecord {
        static let collection = StorageProductRemote.records
        var record: RemoteProductRecord
        var lastOperationID: UUID?
        var recordID: RecordID { record.productID.recordID }
        var indexedFields: [String: FieldValue] { ["sequence": .int(record.sequence)] }
    }

    /// An operation the remote applied, for idempotent replays.
    private struct AppliedOperation: StorableRecord {
        static let collection = StorageProductRemote.operations
        var operationID: UUID
        var sequence: Int64
        var recordID: RecordID { RecordID(operationID) }
    }
}
