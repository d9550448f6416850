import Foundation
import InventoryKit
import InventorySync
import ProductModule
import SyncWire

/// A ``ProductRemoteGateway`` on the InventoryKit sync server: the product catalog of one household.
///
/// - ``push(_:)`` sends each request as a `product` operation (`opId` = the operation id, `entityId` = the product
///   id, `payload` = the `ProductChange`, `supersededOpIds`), at most 500 a request. The server judges it with the
///   kit's own `ProductPushRule`: `applied` and `duplicate` answer ``ProductPushOutcome/applied(sequence:)``,
///   `conflict` answers ``ProductPushOutcome/conflict(current:)`` with the server's record (tombstones included),
///   `rejected` answers ``ProductPushOutcome/rejected(reason:)``.
/// - ``fetch(_:)`` reads `GET …/products/{id}`; a product the server never held is `nil`.
/// - ``changes(after:limit:)`` reads the change log with `kinds=product`. The server's log holds every state a
///   product went through; within a page only the latest state of each product is kept.
/// - ``query(_:)`` has no server endpoint: it reads the whole product log and evaluates the query with
///   `ProductQueryEvaluator`, so **each call costs one pass over the household's product changes** (pages of
///   1000). Use it for occasional lookups; a client lists its catalog from its local store.
///
/// ```swift
/// let gateway = HTTPProductGateway(client: HTTPSyncClient(configuration: configuration))
/// let products = ProductModuleService(store: store, remote: gateway, replicaID: replica)
/// ```
public struct HTTPProductGateway: ProductRemoteGateway {
    /// The client requests go through.
    public let client: HTTPSyncClient

    /// Creates a gateway.
    public init(client: HTTPSyncClient) {
        self.client = client
    }

    /// The server's state of a product (or its tombstone), or `nil` when it never held it.
    ///
    /// - Throws: ``RemoteSyncError``.
    public func fetch(_ id: ProductID) async throws -> RemoteProductRecord? {
        let answer = try await client.get(["products", id.rawValue], accepting: [404])
        guard answer.status != 404 else { return nil }
        do {
            return try RecordCoding.decode(RemoteProductRecord.self, from: answer.body)
        } catch {
            throw RemoteSyncError.transient("the server's product \(id) cannot be read: \(RecordCoding.describe(error))")
        }
    }

    /// One page of the server's live products, evaluated locally over the whole product log (see the type's
    /// documentation for the cost).
    ///
    /// - Throws: ``RemoteSyncError`` or `ProductQueryError`.
    public func query(_ query: ProductQuery) async throws -> ProductPage {
        try query.validate()
        var latest: [ProductID: RemoteProductRecord] = [:]
        var cursor: Int64?
        while true {
            let page = try await client.changes(of: RemoteProductRecord.self, after: cursor, limit: client.configuration.maximumPageSize)
            for change in page.changes { latest[change.payload.productID] = change.payload }
            guard page.hasMore, page.cursor != cursor else { break }
            cursor = page.cursor
        }
        return try ProductQueryEvaluator.page(latest.values.compactMap(\.product), query: query)
    }

    /// Pushes changes as `product` operations; one result per answered request.
    ///
    /// - Throws: ``RemoteSyncError`` when no request was answered, or the device is unauthorized.
    public func push(_ requests: [ProductPushRequest]) async throws -> [ProductPushResult] {
        guard !requests.isEmpty else { return [] }
        let operations = try requests.map { request in
            try PushOperation(
                opID: request.operationID, kind: .product, entityID: request.change.productID.rawValue,
                supersededOpIDs: request.supersededOperationIDs, payload: request.change)
        }
        // An answer this client cannot read is no answer: the engine retries the operation later.
        return try await client.push(operations).compactMap { result in
            guard let operationID = result.operationID else { return nil }
            switch result.status {
            case .applied, .duplicate:
                guard let seq = result.seq else { return nil }
                return ProductPushResult(operationID: operationID, outcome: .applied(sequence: seq))
            case .conflict:
                guard let current = result.current(as: RemoteProductRecord.self) else { return nil }
                return ProductPushResult(operationID: operationID, outcome: .conflict(current: current))
            case .rejected:
                return ProductPushResult(operationID: operationID, outcome: .rejected(reason: result.reason))
            }
        }
    }

    /// Products changed after `cursor`, the latest state of each within the page, in sequence order.
    ///
    /// - Throws: ``RemoteSyncError`` (`resyncRequired` when the server compacted past the cursor).
    public func changes(after cursor: Int64?, limit: Int) async throws -> ProductChangeBatch {
        let page = try await client.changes(of: RemoteProductRecord.self, after: cursor, limit: limit)
        var last: [ProductID: Int] = [:]
        for (index, change) in page.changes.enumerated() { last[change.payload.productID] = index }
        let records = page.changes.enumerated().filter { last[$0.element.payload.productID] == $0.offset }.map(\.element.payload)
        return ProductChangeBatch(records: records, cursor: page.cursor, hasMore: page.hasMore)
    }
}
