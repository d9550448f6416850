import Foundation

/// An opening as recorded: `amount` of sealed stock becomes opened; a partly opened lot splits.
public struct OpenPayload: Hashable, Sendable, Codable {
    /// The product opened.
    public var productID: ProductReference
    /// How much, in ``unit``; positive.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// Which sealed stock is opened (earliest due first, then first in).
    public var scope: StockScope
    /// The day the stock was opened, for a back-dated opening: the lots are opened as of that day's start on the
    /// household's calendar, and the opening rule counts from it. Absent for an opening at the entry's own time
    /// and in entries of earlier versions (which ignore the key).
    public var openedOn: CalendarDay?
    /// Where the opening day came from (kind ``LotDateKind/openedOn``); absent when nobody said.
    public var openedOnProvenance: LotDateProvenance?

    /// Creates a payload.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID, scope: StockScope = .household,
        openedOn: CalendarDay? = nil, openedOnProvenance: LotDateProvenance? = nil
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.scope = scope
        self.openedOn = openedOn
        self.openedOnProvenance = openedOnProvenance
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", amount, unit, scope, openedOn, openedOnProvenance
    }
}
