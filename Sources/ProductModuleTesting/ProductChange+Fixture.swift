import InventorySync
import ProductModule

extension ProductChange {
    /// The change that creates `product` on `replica`, for test data: stamped with the product's own time and
    /// version, based on no remote state.
    ///
    /// ```swift
    /// let change = ProductChange.fixture(creating: try Product.fixture(title: "Jam"), replica: "phone")
    /// ```
    public static func fixture(creating product: Product, replica: ReplicaID = "tests") -> ProductChange {
        ProductChange(
            productID: product.productID, product: product,
            stamp: SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replica),
            baseStamp: nil)
    }
}
