import Foundation

/// `purchase.mustache`: find a product by title or barcode — the household's catalog first, then Open Food Facts
/// for a barcode the catalog does not know — then record a purchase of it, amount, unit, location and due date
/// filled in from the product's settings.
struct PurchasePage: Sendable {
    /// A product found, with its purchase form.
    struct Result: Sendable {
        let productId: String
        let title: String
        /// The product's barcode when its id is one (a catalog product without a barcode has none).
        let barcode: String?
        /// The brand, for a product found on Open Food Facts that names one.
        let brand: String?
        /// Whether the product came from Open Food Facts and is not in the household's catalog yet: the page says
        /// so, and the form carries it (`origin`), so the purchase adds the product for every device.
        let fromOpenFoodFacts: Bool
        let submission: String
        let amount: String
        let units: [WebProductPage.Option]
        let locations: [WebProductPage.Option]
        /// `YYYY-MM-DD` from the product's default due days, else empty.
        let dueDate: String
    }

    let chrome: WebChrome
    let searchPath: String
    let recordPath: String
    let query: String
    /// Whether a search was made (so "nothing found" can be said).
    let searched: Bool
    let results: [Result]
    /// Why Open Food Facts offers nothing for the barcode searched, in one sentence; `nil` when it was not asked or
    /// found the product.
    let lookupNote: String?
}
