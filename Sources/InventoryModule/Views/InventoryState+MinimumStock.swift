import Foundation

extension InventoryState {
    /// Products whose stock is below their minimum stock, with the amount missing, in product order.
    public func belowMinimumStock() -> [MinimumStockShortfall] {
        productSettings.values
            .filter { $0.minimumStock > 0 }
            .sorted { $0.productID < $1.productID }
            .compactMap { settings in
                let product = settings.productID
                let productLots = lotTable.lots(of: product)
                let unit = displayUnit(of: product, lots: productLots)
                let current = unit.map { total(of: productLots, in: $0, product: product) } ?? 0
                guard current < settings.minimumStock else { return nil }
                return MinimumStockShortfall(
                    productID: product, minimum: settings.minimumStock, current: current,
                    missing: settings.minimumStock - current, unit: unit)
            }
    }
}
