import Foundation
import SyncWire

extension StockView {
    /// The view narrowed as `pantry stock list` asks: only the location `locationId` when given, only lots due on or
    /// before `dueBy` (`YYYY-MM-DD`) when given. A product keeps the lots that pass; its `amounts` are summed again
    /// from them and its `total` kept only when they are all in its unit; a product with none left is left out.
    func filtered(locationId: String?, dueBy: String?) -> StockView {
        var view = self
        if let locationId { view.locations = view.locations.filter { $0.location.id == locationId } }
        guard let dueBy else { return view }
        for index in view.locations.indices {
            view.locations[index].products = view.locations[index].products.compactMap { product in
                let lots = product.lots.filter { lot in lot.dueDate.map { $0 <= dueBy } ?? false }
                guard !lots.isEmpty else { return nil }
                var narrowed = product
                narrowed.lots = lots
                var sums: [String: (unit: NamedReference, amount: Decimal)] = [:]
                for lot in lots { sums[lot.unit.id, default: (lot.unit, 0)].amount += lot.amount.value }
                narrowed.amounts = sums.sorted { $0.key < $1.key }.map {
                    StockView.UnitAmount(amount: ExactDecimal($0.value.amount), unit: $0.value.unit)
                }
                narrowed.total = lots.allSatisfy { $0.unit.id == product.unit?.id }
                    ? ExactDecimal(lots.reduce(Decimal(0)) { $0 + $1.amount.value }) : nil
                return narrowed
            }
        }
        return view
    }
}
