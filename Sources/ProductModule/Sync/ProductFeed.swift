import Foundation
import InventorySync

/// The pull scope of the product catalog: the remote has one change feed for every product.
public struct ProductFeed: Hashable, Sendable, CustomStringConvertible {
    /// The catalog's one feed.
    public static let catalog = ProductFeed()

    private init() {}

    /// `catalog`.
    public var description: String { "catalog" }
}

/// The sync events of a ``ProductModuleService``: operations name the `ProductID` they change.
public typealias ProductSyncEvent = SyncEvent<ProductID, ProductFeed>

/// What one ``ProductModuleService/syncPending(trigger:)`` pass did.
public typealias ProductSyncReport = SyncReport<ProductFeed>

/// When product changes are pushed (the engine's `SyncWritePolicy`).
public typealias ProductWritePolicy = SyncWritePolicy
