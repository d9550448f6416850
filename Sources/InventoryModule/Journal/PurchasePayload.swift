import Foundation

/// A purchase as recorded: everything the projection needs to create (or merge into) a lot, decided up front.
public struct PurchasePayload: Hashable, Sendable, Codable {
    /// The id of the new lot; when the purchase merges into an identical lot, it becomes an alias of that lot.
    public var lotID: LotID
    /// The product bought.
    public var productID: ProductReference
    /// How much was bought, in ``unit``; positive.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// Where the stock goes.
    public var locationID: LocationID
    /// The due date asked for (the product's default is resolved by the projection).
    public var dueDate: DueDateSpecification
    /// The price per ``unit``, when known.
    public var price: Decimal?
    /// When the stock was bought.
    public var purchasedAt: Date
    /// A note for the lot.
    public var note: String?
    /// A barcode scanned for the lot: convenience data, never a key.
    public var barcode: String?
    /// Where the due date came from; absent in entries of earlier versions.
    public var dueDateProvenance: LotDateProvenance?
    /// The day the food was packaged; absent when unknown and in entries of earlier versions (which ignore the
    /// key).
    public var packagedOn: CalendarDay?
    /// Where ``packagedOn`` came from (kind ``LotDateKind/packagedOn``); absent without a packaged-on day.
    public var packagedOnProvenance: LotDateProvenance?

    /// Creates a payload.
    public init(
        lotID: LotID, productID: ProductReference, amount: Decimal, unit: UnitID, locationID: LocationID,
        dueDate: DueDateSpecification = .productDefault, price: Decimal? = nil, purchasedAt: Date,
        note: String? = nil, barcode: String? = nil, dueDateProvenance: LotDateProvenance? = nil,
        packagedOn: CalendarDay? = nil, packagedOnProvenance: LotDateProvenance? = nil
    ) {
        self.dueDateProvenance = dueDateProvenance
        self.packagedOn = packagedOn
        self.packagedOnProvenance = packagedOnProvenance
        self.lotID = lotID
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.locationID = locationID
        self.dueDate = dueDate
        self.price = price
        self.purchasedAt = purchasedAt
        self.note = note
        self.barcode = barcode
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case lotID = "lotId", productID = "productId", amount, unit, locationID = "locationId", dueDate, price, purchasedAt, note, barcode, dueDateProvenance
        case packagedOn, packagedOnProvenance
    }
}
