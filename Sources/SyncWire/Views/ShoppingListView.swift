/// The household's shopping list: what members wrote on it and the products under their minimum
/// (`GET /v1/households/{id}/views/shopping-list`, `pantry shopping-list --json`; the OpenAPI schema
/// `ShoppingListView`).
public struct ShoppingListView: HouseholdView {
    public var version: Int
    public var household: NamedReference
    public var asOf: WireInstant
    public var seq: Int64?
    /// The lines of the list.
    public var entries: [Entry]

    /// Creates a view of the current version.
    public init(household: NamedReference, asOf: WireInstant, seq: Int64?, entries: [Entry]) {
        self.version = HouseholdViewVocabulary.version
        self.household = household
        self.asOf = asOf
        self.seq = seq
        self.entries = entries
    }

    /// One line of the list.
    public struct Entry: Sendable, Hashable, Codable {
        /// `manual` (written by a member; `itemId` names it) or `belowMinimumStock` (a product under its minimum).
        public var source: String
        /// The item's id, for a written item: what removing it names.
        public var itemId: String?
        /// The product, when the line is for one.
        public var productId: String?
        /// The product's title, when the household's catalog has one.
        public var title: String?
        /// The note written with the item (empty for a product under its minimum).
        public var note: String
        /// How much to buy, when given.
        public var amount: ExactDecimal?
        /// The unit of `amount` and `missingAmount`.
        public var unit: NamedReference?
        /// How far the product is under its minimum.
        public var missingAmount: ExactDecimal?

        /// Creates a line.
        public init(
            source: String, itemId: String?, productId: String?, title: String?, note: String, amount: ExactDecimal?,
            unit: NamedReference?, missingAmount: ExactDecimal?
        ) {
            self.source = source
            self.itemId = itemId
            self.productId = productId
            self.title = title
            self.note = note
            self.amount = amount
            self.unit = unit
            self.missingAmount = missingAmount
        }
    }
}
