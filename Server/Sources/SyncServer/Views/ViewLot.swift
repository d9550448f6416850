import Foundation
import InventoryModule

/// A lot as the views show it: every field of the kit's `StockLot`, in the kit's encoding, and the product's
/// title when the server holds the product.
struct ViewLot: Encodable, Sendable {
    /// The lot.
    let lot: StockLot
    /// The product's title, if the household's product record has one.
    let title: String?

    private enum TitleKey: String, CodingKey { case title }

    func encode(to encoder: any Encoder) throws {
        try lot.encode(to: encoder)
        var container = encoder.container(keyedBy: TitleKey.self)
        try container.encodeIfPresent(title, forKey: .title)
    }
}
