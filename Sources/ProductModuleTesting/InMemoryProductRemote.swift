import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule

/// An in-process `ProductRemoteGateway` with the exact semantics a server must have, and fault injection.
///
/// It applies a change only on top of its base (or of a superseded operation of the same replica), answers a
/// replayed operation id as applied without applying it again, keeps tombstones, and serves a change feed.
/// Faults: fail the next calls, fail with a probability from a seeded generator, go offline, deliver a push twice,
/// time out after applying.
///
/// ```swift
/// let remote = InMemoryProductRemote()
/// await remote.failNextCalls(2)                 // the next two calls throw RemoteSyncError.transient
/// await remote.timeOutAfterApplyingNext(1)      // applied, but the caller sees a timeout
/// ```
public actor InMemoryProductRemote: ProductRemoteGateway {
    private struct Entry: Hashable {
        var record: RemoteProductRecord
        var lastOperationID: UUID?
    }

    private var entries: [ProductID: Entry] = [:]
    private var appliedOperations: [UUID: Int64] = [:]
    /// Every applied change as (sequence, product), in sequence order; an element is stale when its product was
    /// changed again later. A page of the feed is a binary search and a walk, never a sort of everything.
    private var feed: [(sequence: Int64, productID: ProductID)] = []
    private var sequence: Int64 = 0
    private var compactedThrough: Int64 = 0
    private var faults = RemoteFaultInjector()

    /// How many pushes, fetches, queries and change-feed reads were attempted.
    public var callCount: Int { faults.callCount }
    /// How many individual changes were applied (a replay does not count).
    public private(set) var appliedCount = 0

    /// Creates an empty remote.
    public init() {}

    // MARK: - Fault injection

    /// Makes the next `count` calls throw `error` without doing anything.
    public func failNextCalls(_ count: Int, with error: RemoteSyncError = .transient("injected failure")) {
        faults.failNextCalls(count, with: error)
    }

    /// Makes every call fail with probability `probability`, drawn from a generator seeded with `seed`.
    public func setFailureProbability(_ probability: Double, seed: UInt64) {
        faults.setFailureProbability(probability, seed: seed)
    }

    /// Takes the remote off the network (every call throws `RemoteSyncError.offline`) or back on.
    public func setOffline(_ isOffline: Bool) {
        faults.isOffline = isOffline
    }

    /// Makes the next `count` pushes apply their changes and then throw `RemoteSyncError.timeout`, as when an
    /// ACK is lost.
    public func timeOutAfterApplyingNext(_ count: Int) {
        faults.timeOutAfterApplyingNext(count)
    }

    /// Makes the next `count` pushes be delivered twice (and change-feed pages repeat their first record).
    public func deliverTwiceNext(_ count: Int) {
        faults.deliverTwiceNext(count)
    }

    /// Clears every injected fault.
    public func clearFaults() {
        faults.clear()
    }

    // MARK: - Retention

    /// Does what the sync server's retention does: forgets the feed's tombstones numbered `horizon` or lower (the
    /// records stay, so stale pushes still conflict with them), and answers a pull whose cursor is below the
    /// horizon with `RemoteSyncError.resyncRequired(_:)`.
    public func compact(through horizon: Int64) {
        compactedThrough = max(compactedThrough, min(horizon, sequence))
        feed.removeAll { change in
            change.sequence <= compactedThrough && entries[change.productID]?.record.product == nil
        }
    }

    /// The last sequence number handed out.
    public var lastSequence: Int64 { sequence }

    // MARK: - Inspection

    /// Every record the remote holds (products and tombstones), by id.
    public func records() -> [ProductID: RemoteProductRecord] {
        entries.mapValues(\.record)
    }

    /// The live products, ordered by id.
    public func products() -> [Product] {
        entries.values.compactMap(\.record.product).sorted { $0.productID < $1.productID }
    }

    // MARK: - ProductRemoteGateway

    /// The remote state of a product (or its tombstone).
    public func fetch(_ id: ProductID) throws -> RemoteProductRecord? {
        try beginCall()
        return entries[id]?.record
    }

    /// One page of live products, by the reference evaluator.
    public func query(_ query: ProductQuery) throws -> ProductPage {
        try beginCall()
        return try ProductQueryEvaluator.page(entries.values.compactMap(\.record.product), query: query)
    }

    /// Applies changes on top of their bases; replays are idempotent.
    public func push(_ requests: [ProductPushRequest]) throws -> [ProductPushResult] {
        try beginCall()
        let results = requests.map(apply)
        if faults.consumeDuplicateDelivery() {
            // The second delivery of the same operations must change nothing.
            _ = requests.map(apply)
        }
        if faults.consumeTimeoutAfterApplying() { throw RemoteSyncError.timeout }
        return results
    }

    /// The latest state of every record changed after `cursor`, in feed order.
    public func changes(after cursor: Int64?, limit: Int) throws -> ProductChangeBatch {
        try beginCall()
        let after = cursor ?? 0
        if after > 0, after < compactedThrough {
            throw RemoteSyncError.resyncRequired("changes through \(compactedThrough) were compacted")
        }
        var low = 0
        var high = feed.count
        while low < high {
            let middle = (low + high) / 2
            if feed[middle].sequence <= after { low = middle + 1 } else { high = middle }
        }
        var page: [RemoteProductRecord] = []
        var hasMore = false
        for change in feed[low...] {
            guard let record = entries[change.productID]?.record, record.sequence == change.sequence else { continue }
            if page.count == max(1, limit) {
                hasMore = true
                break
            }
            page.append(record)
        }
        let next = page.last?.sequence ?? cursor
        if let first = page.first, faults.consumeDuplicateDelivery() { page.append(first) }
        return ProductChangeBatch(records: page, cursor: next, hasMore: hasMore)
    }

    // MARK: - Helpers

    private func beginCall() throws {
        try faults.beginCall()
    }

    private func apply(_ request: ProductPushRequest) -> ProductPushResult {
        if let applied = appliedOperations[request.operationID] {
            return ProductPushResult(operationID: request.operationID, outcome: .applied(sequence: applied))
        }
        let change = request.change
        let current = entries[change.productID]
        switch ProductPushRule.decide(request, current: current?.record, currentOperationID: current?.lastOperationID) {
        case .apply: break
        case .conflict(let record):
            return ProductPushResult(operationID: request.operationID, outcome: .conflict(current: record))
        case .reject(let reason):
            return ProductPushResult(operationID: request.operationID, outcome: .rejected(reason: reason))
        }
        sequence += 1
        appliedCount += 1
        entries[change.productID] = Entry(
            record: RemoteProductRecord(applying: change, sequence: sequence),
            lastOperationID: request.operationID)
        appliedOperations[request.operationID] = sequence
        feed.append((sequence, change.productID))
        return ProductPushResult(operationID: request.operationID, outcome: .applied(sequence: sequence))
    }
}
