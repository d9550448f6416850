import Foundation

/// The caller's input for opening sealed stock.
public struct OpenRequest: Hashable, Sendable {
    /// The product opened.
    public var productID: ProductReference
    /// How much; positive (one piece by default).
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit (or the unit all its lots share).
    public var unit: UnitID?
    /// Which stock: the household, a location or a lot.
    public var scope: StockScope
    /// The day the stock was opened, to back-date the opening (not after today on the household's calendar), or
    /// `nil` for the moment the command is booked.
    public var openedOn: CalendarDay?
    /// Where the opening day came from, of kind ``LotDateKind/openedOn``: typed when ``openedOn`` is given and
    /// this is not; without ``openedOn`` it describes the booking's own day, and no provenance is recorded unless
    /// one is given.
    public var openedOnProvenance: LotDateProvenance?

    /// Creates a request.
    public init(
        productID: ProductReference, amount: Decimal = 1, unit: UnitID? = nil, scope: StockScope = .household,
        openedOn: CalendarDay? = nil, openedOnProvenance: LotDateProvenance? = nil
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.openedOn = openedOn
        self.openedOnProvenance = openedOnProvenance
    }
}
