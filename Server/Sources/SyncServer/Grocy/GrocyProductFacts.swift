import Foundation

/// What the Grocy API shows of a product's record: its title, description, barcodes and creation time, read from
/// the household's live product record without decoding all of it.
struct GrocyProductFacts: Sendable, Hashable {
    /// The product id (a normalized barcode, or `prd_…`).
    var id: String
    var title: String?
    var description: String?
    /// Whether the record has a primary barcode; when it does, it is the product id.
    var hasBarcode: Bool
    var relatedBarcodes: [String]
    var createdAt: Date?

    /// The product's barcodes: its primary one (the id) first, then its related ones.
    var barcodes: [String] {
        var all = hasBarcode ? [id] : []
        for barcode in relatedBarcodes where !all.contains(barcode) { all.append(barcode) }
        return all
    }
}
