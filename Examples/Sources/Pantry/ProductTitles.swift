import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// The catalog titles of the products stock refers to. A product whose catalog record cannot be read does not hide
/// the stock: it shows its product id, and the damage is reported.
struct ProductTitles {
    private(set) var titles: [String: String] = [:]
    /// The barcodes of the products that have one, by product id.
    private(set) var barcodes: [String: String] = [:]
    private(set) var damaged: [String] = []

    init(of products: some Sequence<ProductReference>, in environment: PantryEnvironment) async throws {
        for product in products where titles[product.rawValue] == nil {
            guard let id = ProductID(rawValue: product.rawValue) else { continue }
            do {
                let found = try await environment.products.retrieveProduct(by: .productID(id))
                titles[product.rawValue] = found?.title
                barcodes[product.rawValue] = found?.barcode?.value
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

    /// How a message names the product: its title with its barcode in brackets (`Milk [4006381333931]`), its title
    /// alone when it has no barcode, or its id.
    func label(_ product: ProductReference) -> String {
        guard let title = titles[product.rawValue] else { return product.rawValue }
        return barcodes[product.rawValue].map { "\(title) [\($0)]" } ?? title
    }

    /// How a message names a catalog product: `Milk [4006381333931]`, the title alone without a barcode, or the id.
    static func label(_ product: Product) -> String {
        let title = product.title ?? product.productID.rawValue
        return product.barcode.map { "\(title) [\($0.value)]" } ?? title
    }
}
