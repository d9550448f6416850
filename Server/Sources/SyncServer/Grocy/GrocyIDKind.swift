/// What an integer id of the Grocy API names; with the household and our key it is a row of `grocy_ids`.
enum GrocyIDKind: String, Sendable, Hashable, CaseIterable {
    /// A product: key is its `productId` text.
    case product
    /// A storage location: key is its UUID, lower case.
    case location
    /// A quantity unit: key is its UUID, lower case.
    case unit
    /// A shopping list item: key is its id.
    case shoppingItem = "shopping_item"
    /// A barcode of a product (`product_barcodes`): key is the product id, U+001F, the barcode.
    case barcode
    /// A booking (a stock log row): key is the journal entry's UUID, lower case, and the lot, U+001F-separated.
    case booking
}
