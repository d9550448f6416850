import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// The catalog titles of the products stock refers to. A product whose catalog record cannot be read does not hide
/// the stock: it shows its product id, and the damage is reported.
struct ProductTitles {
    private(set) var titles: [String: String] = [:]
    private(set) var damaged: [String] = []

    init(of products: some Sequence<ProductReference>, in environment: PantryEnvironment) async throws {
        for product in products where titles[product.rawValue] == nil {
            guard let id = ProductID(rawValue: product.rawValue) else { continue }
            do {
                titles[product.rawValue] = try await environment.products.retrieveProduct(by: .productID(id))?.title
            } catch let error as StorageError where error.isDamagedData {
                titles[product.rawValue] = product.rawValue
                damaged.append(error.description)
            }
        }
    }

    /// The product's title, or its id.
    func title(_ product: ProductReference) -> String {
        titles[product.rawValue] ?? product.rawValue
    }
}
