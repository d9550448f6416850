/// What is in stock, location by location (`GET /v1/households/{id}/views/stock`, `pantry stock list --json`; the
/// OpenAPI schema `StockView`).
public struct StockView: HouseholdView {
    public var version: Int
    public var household: NamedReference
    public var asOf: WireInstant
    public var seq: Int64?
    /// Every location, by name, with the stock directly in it; a location without stock is listed empty.
    public var locations: [Location]

    /// Creates a view of the current version.
    public init(household: NamedReference, asOf: WireInstant, seq: Int64?, locations: [Location]) {
        self.version = HouseholdViewVocabulary.version
        self.household = household
        self.asOf = asOf
        self.seq = seq
        self.locations = locations
    }

    /// One location and the stock directly in it.
    public struct Location: Sendable, Hashable, Codable {
        /// The location.
        public var location: NamedReference
        /// The location it is inside, if any.
        public var parentId: String?
        /// Each product with stock here, by title.
        public var products: [Product]

        /// Creates a location's stock.
        public init(location: NamedReference, parentId: String?, products: [Product]) {
            self.location = location
            self.parentId = parentId
            self.products = products
        }
    }

    /// One product's stock at a location.
    public struct Product: Sendable, Hashable, Codable {
        /// The product's id.
        public var productId: String
        /// The product's title, when the household's catalog has one.
        public var title: String?
        /// The total in `unit`, when every lot converts to it; absent otherwise (read `amounts`).
        public var total: ExactDecimal?
        /// The unit of `total`.
        public var unit: NamedReference?
        /// The amount held in each unit the lots are in.
        public var amounts: [UnitAmount]
        /// The lots, in the order the household uses them up.
        public var lots: [ViewLot]

        /// Creates a product's stock.
        public init(
            productId: String, title: String?, total: ExactDecimal?, unit: NamedReference?, amounts: [UnitAmount],
            lots: [ViewLot]
        ) {
            self.productId = productId
            self.title = title
            self.total = total
            self.unit = unit
            self.amounts = amounts
            self.lots = lots
        }
    }

    /// An amount in one unit.
    public struct UnitAmount: Sendable, Hashable, Codable {
        /// The amount.
        public var amount: ExactDecimal
        /// Its unit.
        public var unit: NamedReference

        /// Creates an amount.
        public init(amount: ExactDecimal, unit: NamedReference) {
            self.amount = amount
            self.unit = unit
        }
    }
}
