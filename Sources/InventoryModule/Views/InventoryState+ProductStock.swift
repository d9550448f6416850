import Foundation

extension InventoryState {
    /// The product's stock in the household: its lots and their total in its stock unit.
    public func stock(of product: ProductReference) -> ProductStock {
        productStock(product, lots: lotTable.lots(of: product))
    }

    /// The stock of every product with lots, in product order.
    public func stockByProduct() -> [ProductStock] {
        lotTable.products
            .sorted()
            .map { productStock($0, lots: lotTable.lots(of: $0)) }
    }

    /// The stock at a location, per product; with `includingSublocations`, also every location below it.
    public func stock(at location: LocationID, includingSublocations: Bool = false) -> LocationStock {
        let covered = includingSublocations ? subtree(of: location) : [location]
        let here = covered.flatMap { lotTable.lots(at: $0) }
        let products = Dictionary(grouping: here, by: \.productID)
            .sorted { $0.key < $1.key }
            .map { productStock($0.key, lots: $0.value) }
        return LocationStock(locationID: location, coveredLocations: covered, products: products)
    }

    /// The location and every location below it.
    public func subtree(of location: LocationID) -> Set<LocationID> {
        var covered: Set<LocationID> = [location]
        var frontier = [location]
        while let parent = frontier.popLast() {
            for child in locations.values where child.parentID == parent && covered.insert(child.id).inserted {
                frontier.append(child.id)
            }
        }
        return covered
    }

    /// The unit a product's totals are shown in: its stock unit, else the one unit its lots share.
    func displayUnit(of product: ProductReference, lots: [StockLot]) -> UnitID? {
        if let unit = productSettings[product]?.stockUnit { return unit }
        let shared = Set(lots.map(\.unit))
        return shared.count == 1 ? shared.first : nil
    }

    /// Sums `lots` of `product` into a ``ProductStock``.
    private func productStock(_ product: ProductReference, lots: [StockLot]) -> ProductStock {
        let ordered = lots.sorted(by: Self.consumptionOrder)
        let unit = displayUnit(of: product, lots: ordered)
        let amounts = ordered.reduce(into: [UnitID: Decimal]()) { $0[$1.unit, default: 0] += $1.quantity }
        var total: Decimal?
        if let unit {
            let converter = unitConverter
            let allConvert = amounts.keys.allSatisfy { converter.canConvert(from: $0, to: unit, product: product) }
            total = allConvert ? self.total(of: ordered, in: unit, product: product) : nil
        }
        return ProductStock(productID: product, unit: unit, total: total, amountsByUnit: amounts, lots: ordered)
    }
}
