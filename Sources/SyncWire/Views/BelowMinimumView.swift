/// Products whose stock is under the minimum the household set (`GET /v1/households/{id}/views/below-minimum`; the
/// OpenAPI schema `BelowMinimumView`).
public struct BelowMinimumView: HouseholdView {
    public var version: Int
    public var household: NamedReference
    public var asOf: WireInstant
    public var seq: Int64?
    /// Each product under its minimum, by title.
    public var shortfalls: [Shortfall]

    /// Creates a view of the current version.
    public init(household: NamedReference, asOf: WireInstant, seq: Int64?, shortfalls: [Shortfall]) {
        self.version = HouseholdViewVocabulary.version
        self.household = household
        self.asOf = asOf
        self.seq = seq
        self.shortfalls = shortfalls
    }

    /// One product under its minimum.
    public struct Shortfall: Sendable, Hashable, Codable {
        /// The product's id.
        public var productId: String
        /// The product's title, when the household's catalog has one.
        public var title: String?
        /// The minimum set for it.
        public var minimum: ExactDecimal
        /// What is in stock.
        public var current: ExactDecimal
        /// `minimum` − `current`.
        public var missing: ExactDecimal
        /// The unit of the three amounts, when the product's settings name one.
        public var unit: NamedReference?

        /// Creates a shortfall.
        public init(
            productId: String, title: String?, minimum: ExactDecimal, current: ExactDecimal, missing: ExactDecimal,
            unit: NamedReference?
        ) {
            self.productId = productId
            self.title = title
            self.minimum = minimum
            self.current = current
            self.missing = missing
            self.unit = unit
        }
    }
}
