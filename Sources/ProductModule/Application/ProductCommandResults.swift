import Foundation
import InventoryKit
import InventorySync

/// The outcome of ``ProductModuleService/addProducts(_:)``: every product as committed locally.
public struct AddProductsResult: Hashable, Sendable {
    /// The stored products (with the service's timestamps and versions).
    public var added: [Product]
}

/// The outcome of ``ProductModuleService/updateProducts(_:)``.
public struct UpdateProductsResult: Hashable, Sendable {
    /// Products whose fields changed, as stored (version + 1).
    public var updated: [Product]
    /// Products submitted without a change (nothing written, no version bump).
    public var unchanged: [ProductID]
    /// Barcode-less products that got a barcode and moved to their canonical id: old id → new product.
    public var migrated: [ProductAlias]
}

/// The outcome of ``ProductModuleService/deleteProducts(_:)``.
public struct DeleteProductsResult: Hashable, Sendable {
    /// The products deleted (tombstoned).
    public var deleted: [ProductID]
}

/// What one ``ProductModuleService/syncPending()`` pass did.
public struct ProductSyncReport: Hashable, Sendable, CustomStringConvertible {
    /// Whether the remote was reachable.
    public var wasOnline: Bool = true
    /// Changes the remote acknowledged.
    public var pushed: Int = 0
    /// Remote records applied locally.
    public var pulled: Int = 0
    /// Pushes that failed and will be retried.
    public var failed: Int = 0
    /// Changes quarantined in this pass.
    public var quarantined: Int = 0
    /// Conflicts resolved by the conflict policy.
    public var conflicts: Int = 0
    /// Outbox entries left (including quarantined ones).
    public var remaining: Int = 0

    /// A one-line summary.
    public var description: String {
        wasOnline
            ? "pushed \(pushed), pulled \(pulled), conflicts \(conflicts), failed \(failed), quarantined \(quarantined), remaining \(remaining)"
            : "offline: \(remaining) changes wait"
    }
}
