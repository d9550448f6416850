import Foundation

/// A stock correction as recorded: the product's total at a location (or in the household) becomes `amount`.
///
/// The projection books the difference against the stock at the moment it folds the entry: an increase is a new
/// lot (`newLotID`, at `additionLocationID`, due by `dueDate`), a decrease is consumed in the consumption order.
public struct CorrectionPayload: Hashable, Sendable, Codable {
    /// The product counted.
    public var productID: ProductReference
    /// The absolute amount counted, in ``unit``; zero or more.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// The location counted, or `nil` for the whole household.
    public var locationID: LocationID?
    /// The id of the lot an increase creates.
    public var newLotID: LotID
    /// Where an increase goes: ``locationID`` or the product's default location, decided up front.
    public var additionLocationID: LocationID?
    /// The due date of an increase.
    public var dueDate: DueDateSpecification
    /// The price per ``unit`` of an increase, when known.
    public var price: Decimal?
    /// The over-draws (their consumption entries' ids) this correction settles, or `nil` for none: the household
    /// counted the stock after an over-draw and books the count as its settlement. Absent from the encoded form when
    /// `nil`, so corrections written before over-draws existed keep their bytes.
    public var settlesOverdraws: [UUID]?

    /// Creates a payload.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID, locationID: LocationID?, newLotID: LotID,
        additionLocationID: LocationID?, dueDate: DueDateSpecification = .productDefault, price: Decimal? = nil,
        settlesOverdraws: [UUID]? = nil
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.locationID = locationID
        self.newLotID = newLotID
        self.additionLocationID = additionLocationID
        self.dueDate = dueDate
        self.price = price
        self.settlesOverdraws = settlesOverdraws
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", amount, unit, locationID = "locationId", newLotID = "newLotId", additionLocationID = "additionLocationId", dueDate, price
        case settlesOverdraws
    }
}
