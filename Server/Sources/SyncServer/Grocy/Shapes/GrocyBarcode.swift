/// A product's barcode as Grocy's `objects/product_barcodes` and `product_barcodes` spell it; the kit keeps no
/// amount, unit or note per barcode, so those are `null`.
struct GrocyBarcode: Encodable, Sendable {
    var id: Int32
    var productID: Int32
    var barcode: String
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, productID = "product_id", barcode, unitID = "qu_id", amount, shoppingLocationID = "shopping_location_id"
        case lastPrice = "last_price", note, created = "row_created_timestamp"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(productID, forKey: .productID)
        try container.encode(barcode, forKey: .barcode)
        for key in [CodingKeys.unitID, .amount, .shoppingLocationID, .lastPrice, .note] {
            try container.encodeNil(forKey: key)
        }
        try container.encode(created, forKey: .created)
    }
}
