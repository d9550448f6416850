import Foundation

/// `purchase.mustache`: find a product of the household's catalog by title or barcode, then record a purchase of
/// it — amount, unit, location and due date filled in from the product's settings.
struct PurchasePage: Sendable {
    /// A product found, with its purchase form.
    struct Result: Sendable {
        let productId: String
        let title: String
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
}
