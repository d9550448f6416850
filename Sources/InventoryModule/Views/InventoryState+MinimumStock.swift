import Foundation

extension InventoryState {
    /// Products whose stock is below their minimum stock, with the amount missing, in product order.
    public func belowMinimumStock() -> [MinimumStockShortfall] {
        productSettings.values
            .filter { $0.minimumStock > 0 }
            .sorted { $0.productId < $1.productId }
            .compactMap { settings in
                let product = settings.productId
                let productLots = lots.values.filter { $0.productId == product }
                let unit = displayUnit(of: product, lots: productLots)
                let current = unit.map { total(of: productLots, in: $0, product: product) } ?? 0
                guard current < settings.minimumStock else { return nil }
                return MinimumStockShortfall(
                    productId: product, minimum: settings.minimumStock, current: current,
                    missing: settings.minimumStock - current, unit: unit)
            }
    }
}
