import Foundation
import InventoryKit
import InventorySync
import JSONFileStorage
import ProductImport
import ProductModule

/// The data migrations pantry opens its JSON store with, oldest first (the SQLite store's are in its migrator).
enum JSONStoreMigrations {
    /// Every migration, in the order they run.
    static let all: [JSONFileStorage.DataMigration] = [productProvenance, outboxProvenance]

    /// The stored products (`StorageProductStore`'s collection in the domain store) whose provenance is in the
    /// earlier form (each field stating its source in full), rewritten with each source stated once
    /// (`Product.restateProvenance()`); nothing else of a product changes, as in SQLite's `v11-provenance-stated-once`.
    static let productProvenance = JSONFileStorage.DataMigration(
        name: "products-provenance-stated-once", scope: .domain, collection: StorageProductStore.productCollection
    ) { payload in
        var product = try RecordCoding.decode(Product.self, from: payload)
        guard product.restateProvenance() else { return nil }
        return try RecordCoding.encode(product)
    }

    /// The products the outbox's entries carry (`ProductOutboxEntry`'s collection in the user store), rewritten as
    /// ``productProvenance`` rewrites stored products; an entry without a product (a deletion) is left as it is.
    static let outboxProvenance = JSONFileStorage.DataMigration(
        name: "product-outbox-provenance-stated-once", scope: .user, collection: ProductOutboxEntry.collection
    ) { payload in
        var entry = try RecordCoding.decode(ProductOutboxEntry.self, from: payload)
        guard var product = entry.payload.product, product.restateProvenance() else { return nil }
        entry.payload.product = product
        return try RecordCoding.encode(entry)
    }
}
