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
