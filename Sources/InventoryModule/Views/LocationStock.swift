/// The stock at one location (and, when asked, its sublocations), per product.
public struct LocationStock: Hashable, Sendable {
    /// The location.
    public var locationID: LocationID
    /// The locations covered: the location and, when asked, every location below it.
    public var coveredLocations: Set<LocationID>
    /// The stock per product, in product order.
    public var products: [ProductStock]

    /// Creates a value.
    public init(locationID: LocationID, coveredLocations: Set<LocationID>, products: [ProductStock]) {
        self.locationID = locationID
        self.coveredLocations = coveredLocations
        self.products = products
    }
}
