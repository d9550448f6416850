/// The open over-draws: consumptions that asked for more than the stock held when they were folded (two devices
/// used the same stock offline), until a journal entry settles them (`GET /v1/households/{id}/views/overdraws`;
/// the OpenAPI schema `OverdrawsView`).
public struct OverdrawsView: HouseholdView {
    public var version: Int
    public var household: NamedReference
    public var asOf: WireInstant
    public var seq: Int64?
    /// Each open over-draw, oldest first.
    public var overdraws: [Item]

    /// Creates a view of the current version.
    public init(household: NamedReference, asOf: WireInstant, seq: Int64?, overdraws: [Item]) {
        self.version = HouseholdViewVocabulary.version
        self.household = household
        self.asOf = asOf
        self.seq = seq
        self.overdraws = overdraws
    }

    /// One open over-draw: the short consumption, what it asked and took, and who took the stock before it.
    public struct Item: Sendable, Hashable, Codable {
        /// The short consumption's journal entry (lower-case UUID): what a settlement names.
        public var entryId: String
        /// The transaction that booked it.
        public var transactionId: String
        /// The device that booked it (`web:<member id>` for a member on the web).
        public var author: String
        /// The member's name, when `author` is a member of the household on the web.
        public var memberName: String?
        /// When it was booked.
        public var at: WireInstant
        /// The product.
        public var productId: String
        /// The product's title, when the household's catalog has one.
        public var title: String?
        /// What the consumption asked for.
        public var asked: ExactDecimal
        /// What it could take.
        public var taken: ExactDecimal
        /// `asked` − `taken`.
        public var missing: ExactDecimal
        /// The unit of the three amounts.
        public var unit: NamedReference
        /// Whether the consumption threw the stock away.
        public var spoiled: Bool
        /// The earlier transactions that took the stock it would have drawn from.
        public var takers: [Taker]

        /// Creates an over-draw.
        public init(
            entryId: String, transactionId: String, author: String, memberName: String?, at: WireInstant,
            productId: String, title: String?, asked: ExactDecimal, taken: ExactDecimal, missing: ExactDecimal,
            unit: NamedReference, spoiled: Bool, takers: [Taker]
        ) {
            self.entryId = entryId
            self.transactionId = transactionId
            self.author = author
            self.memberName = memberName
            self.at = at
            self.productId = productId
            self.title = title
            self.asked = asked
            self.taken = taken
            self.missing = missing
            self.unit = unit
            self.spoiled = spoiled
            self.takers = takers
        }
    }

    /// An earlier transaction that took the stock the short consumption would have drawn from.
    public struct Taker: Sendable, Hashable, Codable {
        /// The transaction.
        public var transactionId: String
        /// Its journal entry.
        public var entryId: String
        /// The device that booked it.
        public var author: String
        /// The member's name, when `author` is a member on the web.
        public var memberName: String?
        /// When it was booked.
        public var at: WireInstant
        /// `consumed`, `spoiled` or `corrected`.
        public var reason: String
        /// What it took of the product, when its records share one unit.
        public var amount: ExactDecimal?
        /// The unit of `amount`.
        public var unit: NamedReference?

        /// Creates a taker.
        public init(
            transactionId: String, entryId: String, author: String, memberName: String?, at: WireInstant,
            reason: String, amount: ExactDecimal?, unit: NamedReference?
        ) {
            self.transactionId = transactionId
            self.entryId = entryId
            self.author = author
            self.memberName = memberName
            self.at = at
            self.reason = reason
            self.amount = amount
            self.unit = unit
        }
    }
}
