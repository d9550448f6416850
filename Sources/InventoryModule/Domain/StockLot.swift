import Foundation

/// A batch of one product at one location with one due date: the unit of stock (Grocy's "stock entry").
///
/// Quantities are exact `Decimal`s. Due dates are calendar days (``CalendarDay``), evaluated on the household's calendar. The state holds only lots with a
/// positive quantity.
public struct StockLot: Hashable, Sendable, Codable, Identifiable {
    /// The lot's id.
    public var id: LotID
    /// The household the lot belongs to.
    public var householdID: HouseholdID
    /// The product, by reference.
    public var productID: ProductReference
    /// How much is left, in ``unit``; positive.
    public var quantity: Decimal
    /// The unit ``quantity`` is counted in.
    public var unit: UnitID
    /// The day the lot is due, or `nil` when it never expires. Lots stored by earlier versions held an instant
    /// (midnight UTC); it decodes as its UTC day.
    public var dueDate: CalendarDay?
    /// Whether ``dueDate`` is a best-before or an expiry date.
    public var dueDateKind: DueDateKind
    /// When the lot was purchased: the first-in, first-out order.
    public var purchasedAt: Date
    /// When the lot was opened, or `nil` while sealed.
    public var openedAt: Date?
    /// The price per ``unit``, when known.
    public var price: Decimal?
    /// Where the lot is.
    public var locationID: LocationID
    /// A free-text note.
    public var note: String?
    /// A barcode scanned for the lot: convenience data, never a key.
    public var barcode: String?
    /// Sealed or opened.
    public var status: StockLotStatus
    /// What ``dueDate`` is and where it came from (typed, scanned, rule-estimated); `nil` for lots of earlier
    /// versions and lots without a due date.
    public var dueDateProvenance: LotDateProvenance?
    /// The day the food was packaged (printed on the label), or `nil` when unknown. Part of the merge key: a
    /// purchase merges only into a lot packaged on the same day (or both unknown).
    public var packagedOn: CalendarDay?
    /// Where ``packagedOn`` came from (kind ``LotDateKind/packagedOn``); `nil` without a packaged-on day.
    public var packagedOnProvenance: LotDateProvenance?
    /// Where the opening day (``openedAt``) came from (kind ``LotDateKind/openedOn``): typed when a person gave
    /// the day, as recorded with the opening; `nil` while sealed, for lots of earlier versions and for openings
    /// booked on the command's own day without one.
    public var openedOnProvenance: LotDateProvenance?

    /// Creates a lot value.
    public init(
        id: LotID,
        householdID: HouseholdID,
        productID: ProductReference,
        quantity: Decimal,
        unit: UnitID,
        dueDate: CalendarDay?,
        dueDateKind: DueDateKind = .bestBefore,
        purchasedAt: Date,
        openedAt: Date? = nil,
        price: Decimal? = nil,
        locationID: LocationID,
        note: String? = nil,
        barcode: String? = nil,
        status: StockLotStatus = .available, dueDateProvenance: LotDateProvenance? = nil,
        packagedOn: CalendarDay? = nil, packagedOnProvenance: LotDateProvenance? = nil,
        openedOnProvenance: LotDateProvenance? = nil
    ) {
        self.dueDateProvenance = dueDateProvenance
        self.packagedOn = packagedOn
        self.packagedOnProvenance = packagedOnProvenance
        self.openedOnProvenance = openedOnProvenance
        self.id = id
        self.householdID = householdID
        self.productID = productID
        self.quantity = quantity
        self.unit = unit
        self.dueDate = dueDate
        self.dueDateKind = dueDateKind
        self.purchasedAt = purchasedAt
        self.openedAt = openedAt
        self.price = price
        self.locationID = locationID
        self.note = note
        self.barcode = barcode
        self.status = status
    }

    /// Whether the lot has been opened.
    public var isOpened: Bool { status == .opened }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case id, householdID = "householdId", productID = "productId", quantity, unit, dueDate, dueDateKind, purchasedAt, openedAt, price, locationID = "locationId", note, barcode, status, dueDateProvenance
        case packagedOn, packagedOnProvenance, openedOnProvenance
    }
}
