import Foundation

/// The caller's input for a purchase.
public struct PurchaseRequest: Hashable, Sendable {
    /// The product bought.
    public var productID: ProductReference
    /// How much; positive.
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit.
    public var unit: UnitID?
    /// Where the stock goes, or `nil` for the product's default location.
    public var locationID: LocationID?
    /// The due date: the product's default, a given day, or none.
    public var dueDate: DueDateSpecification
    /// The price per unit, if known; zero or more.
    public var price: Decimal?
    /// When it was bought, or `nil` for the context's `now`.
    public var purchasedAt: Date?
    /// A note for the lot.
    public var note: String?
    /// A barcode scanned for the lot (convenience only).
    public var barcode: String?
    /// A shopping list item the purchase fulfils: it is removed in the same transaction.
    public var shoppingListItemID: ShoppingListItemID?
    /// Where a given due date came from (typed unless said; a product default is rule-estimated). Its kind must
    /// be ``LotDateKind/bestBefore`` or ``LotDateKind/useBy``.
    public var dueDateProvenance: LotDateProvenance?
    /// The day the food was packaged, from its label, or `nil` when unknown; not after today on the household's
    /// calendar.
    public var packagedOn: CalendarDay?
    /// Where ``packagedOn`` came from, of kind ``LotDateKind/packagedOn`` (typed when not said); ignored, once
    /// checked, without a packaged-on day.
    public var packagedOnProvenance: LotDateProvenance?

    /// Creates a request.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID? = nil, locationID: LocationID? = nil,
        dueDate: DueDateSpecification = .productDefault, price: Decimal? = nil, purchasedAt: Date? = nil,
        note: String? = nil, barcode: String? = nil, shoppingListItemID: ShoppingListItemID? = nil,
        dueDateProvenance: LotDateProvenance? = nil, packagedOn: CalendarDay? = nil,
        packagedOnProvenance: LotDateProvenance? = nil
    ) {
        self.dueDateProvenance = dueDateProvenance
        self.packagedOn = packagedOn
        self.packagedOnProvenance = packagedOnProvenance
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.locationID = locationID
        self.dueDate = dueDate
        self.price = price
        self.purchasedAt = purchasedAt
        self.note = note
        self.barcode = barcode
        self.shoppingListItemID = shoppingListItemID
    }
}
