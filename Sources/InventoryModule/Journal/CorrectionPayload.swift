import Foundation

/// A stock correction as recorded: the product's total at a location (or in the household) becomes `amount`.
///
/// The projection books the difference against the stock at the moment it folds the entry: an increase is a new
/// lot (`newLotId`, at `additionLocationId`, due by `dueDate`), a decrease is consumed in the consumption order.
public struct CorrectionPayload: Hashable, Sendable, Codable {
    /// The product counted.
    public var productId: ProductReference
    /// The absolute amount counted, in ``unit``; zero or more.
    public var amount: Decimal
    /// The unit of ``amount``.
    public var unit: UnitID
    /// The location counted, or `nil` for the whole household.
    public var locationId: LocationID?
    /// The id of the lot an increase creates.
    public var newLotId: LotID
    /// Where an increase goes: ``locationId`` or the product's default location, decided up front.
    public var additionLocationId: LocationID?
    /// The due date of an increase.
    public var dueDate: DueDateSpecification
    /// The price per ``unit`` of an increase, when known.
    public var price: Decimal?

    /// Creates a payload.
    public init(
        productId: ProductReference, amount: Decimal, unit: UnitID, locationId: LocationID?, newLotId: LotID,
        additionLocationId: LocationID?, dueDate: DueDateSpecification = .productDefault, price: Decimal? = nil
    ) {
        self.productId = productId
        self.amount = amount
        self.unit = unit
        self.locationId = locationId
        self.newLotId = newLotId
        self.additionLocationId = additionLocationId
        self.dueDate = dueDate
        self.price = price
    }
}
