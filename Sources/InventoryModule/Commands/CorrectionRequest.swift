import Foundation

/// The caller's input for a stock correction: "there are exactly `amount` of this product here".
public struct CorrectionRequest: Hashable, Sendable {
    /// The product counted.
    public var productID: ProductReference
    /// The amount counted; zero or more.
    public var amount: Decimal
    /// The unit, or `nil` for the product's stock unit (or the unit all its lots share).
    public var unit: UnitID?
    /// The location counted, or `nil` for the whole household.
    public var locationID: LocationID?
    /// The due date of an increase.
    public var dueDate: DueDateSpecification
    /// The price per unit of an increase, if known.
    public var price: Decimal?
    /// The open over-draws of this product (their consumption entries' ids, ``Overdraw/entryID``) the count
    /// settles: the correction and the settlement are one journal entry, so they sync and undo together.
    public var settlingOverdraws: [UUID]

    /// Creates a request.
    public init(
        productID: ProductReference, amount: Decimal, unit: UnitID? = nil, locationID: LocationID? = nil,
        dueDate: DueDateSpecification = .productDefault, price: Decimal? = nil, settlingOverdraws: [UUID] = []
    ) {
        self.productID = productID
        self.amount = amount
        self.unit = unit
        self.locationID = locationID
        self.dueDate = dueDate
        self.price = price
        self.settlingOverdraws = settlingOverdraws
    }
}
