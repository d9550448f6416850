import Foundation
import InventoryKit
import InventorySync

/// A product as the remote holds it: its state (or tombstone), stamp and position in the remote change feed.
public struct RemoteProductRecord: Hashable, Sendable, Codable {
    /// The product id.
    public var productID: ProductID
    /// The product, or `nil` when the remote holds a tombstone.
    public var product: Product?
    /// The stamp of the remote state.
    public var stamp: SyncStamp
    /// For a tombstone of a barcode migration: the canonical id.
    public var migratedTo: ProductID?
    /// The position of this state in the remote's change feed.
    public var sequence: Int64
    /// The stamp of each field's last write (the applied change's ``ProductChange/fieldClock``); `nil` when every
    /// field was written at ``stamp``.
    public var fieldClock: ProductFieldClock?

    /// Creates a remote record.
    public init(
        productID: ProductID, product: Product?, stamp: SyncStamp, migratedTo: ProductID? = nil, sequence: Int64,
        fieldClock: ProductFieldClock? = nil
    ) {
        self.productID = productID
        self.product = product
        self.stamp = stamp
        self.migratedTo = migratedTo
        self.sequence = sequence
        self.fieldClock = fieldClock
    }

    /// The record a remote stores when it applies `change` (its sequence still to be assigned).
    public init(applying change: ProductChange, sequence: Int64 = 0) {
        self.init(
            productID: change.productID, product: change.product, stamp: change.stamp, migratedTo: change.migratedTo,
            sequence: sequence, fieldClock: change.fieldClock?.acknowledged.stored(for: change.stamp))
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", product, stamp, migratedTo, sequence, fieldClock
    }
}

/// A page of the remote change feed: records changed after a cursor, in feed order.
public struct ProductChangeBatch: Hashable, Sendable, Codable {
    /// The changed records, in increasing ``RemoteProductRecord/sequence``.
    public var records: [RemoteProductRecord]
    /// The cursor to pass next time (the last sequence seen).
    public var cursor: Int64?
    /// Whether more changes follow.
    public var hasMore: Bool

    /// Creates a batch.
    public init(records: [RemoteProductRecord], cursor: Int64?, hasMore: Bool) {
        self.records = records
        self.cursor = cursor
        self.hasMore = hasMore
    }
}

/// One change pushed to the remote, with its idempotency key.
public struct ProductPushRequest: Hashable, Sendable, Codable {
    /// The operation's idempotency key.
    public var operationID: UUID
    /// Earlier operations of this replica on the same product that this one replaced before they were
    /// acknowledged: a remote state written by one of them counts as this change's base.
    public var supersededOperationIDs: [UUID]
    /// The change.
    public var change: ProductChange

    /// Creates a request.
    public init(operationID: UUID, supersededOperationIDs: [UUID] = [], change: ProductChange) {
        self.operationID = operationID
        self.supersededOperationIDs = supersededOperationIDs
        self.change = change
    }
}

/// What the remote did with one pushed change.
public enum ProductPushOutcome: Hashable, Sendable, Codable {
    /// The change is the remote state now (also when it had been applied before: replays are idempotent).
    case applied(sequence: Int64)
    /// The remote state differs from the change's base; resolve with the conflict policy and push again.
    case conflict(current: RemoteProductRecord)
    /// The remote refused the change for good (for example it failed validation).
    case rejected(reason: String)
}

/// The remote's answer for one pushed change.
public struct ProductPushResult: Hashable, Sendable, Codable {
    /// The operation answered.
    public var operationID: UUID
    /// What happened.
    public var outcome: ProductPushOutcome

    /// Creates a result.
    public init(operationID: UUID, outcome: ProductPushOutcome) {
        self.operationID = operationID
        self.outcome = outcome
    }
}
