/// A lot as the views show it (the OpenAPI schema `ViewLot`): what is left of one purchase, where it is and when
/// it is due.
public struct ViewLot: Sendable, Hashable, Codable {
    /// The lot's id.
    public var lotId: String
    /// The product's id (a UUID, or `barcode:` and the barcode for a product the household never created).
    public var productId: String
    /// The product's title, when the household's catalog has one.
    public var title: String?
    /// The barcode the lot was bought under, if it was scanned.
    public var barcode: String?
    /// What is left.
    public var amount: ExactDecimal
    /// The unit of `amount`.
    public var unit: NamedReference
    /// Where the lot is.
    public var location: NamedReference
    /// The day it is due, on the household's calendar (`YYYY-MM-DD`); absent when it never goes off.
    public var dueDate: String?
    /// What `dueDate` means: `bestBefore` (still usable after, with care) or `expiry` (throw away after).
    public var dueDateKind: String
    /// `available` or `opened`.
    public var status: String
    /// When it was bought.
    public var purchasedAt: WireInstant
    /// When it was opened, if it was.
    public var openedAt: WireInstant?
    /// The day it was packaged, if known (`YYYY-MM-DD`).
    public var packagedOn: String?
    /// What was paid for it.
    public var price: ExactDecimal?
    /// The note written when it was bought.
    public var note: String?

    /// Creates a lot.
    public init(
        lotId: String, productId: String, title: String?, barcode: String?, amount: ExactDecimal, unit: NamedReference,
        location: NamedReference, dueDate: String?, dueDateKind: String, status: String, purchasedAt: WireInstant,
        openedAt: WireInstant?, packagedOn: String?, price: ExactDecimal?, note: String?
    ) {
        self.lotId = lotId
        self.productId = productId
        self.title = title
        self.barcode = barcode
        self.amount = amount
        self.unit = unit
        self.location = location
        self.dueDate = dueDate
        self.dueDateKind = dueDateKind
        self.status = status
        self.purchasedAt = purchasedAt
        self.openedAt = openedAt
        self.packagedOn = packagedOn
        self.price = price
        self.note = note
    }
}
