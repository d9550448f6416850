import Foundation
import InventoryModule

extension GrocyService {
    /// `GET stock`: one line per product the household holds, by product id.
    func stock(of household: HouseholdID) async throws -> [GrocyStockEntry] {
        let reading = try await reading(of: household, products: .stocked)
        return try reading.state.stockByProduct().map { stock throws(GrocyRefusal) in
            try reading.stockEntry(stock.productID, lots: stock.lots)
        }
    }

    /// `GET stock/volatile`: products with lots due within `days` (not yet past), past due (either kind), past an
    /// expiry date, and below their minimum stock.
    func volatile(of household: HouseholdID, days: Int) async throws -> GrocyVolatileStock {
        let now = now()
        let state = try await reading(of: household, products: .only([])).state
        let due = state.dueSoon(now: now, days: days)
        let overdue = state.overdue(now: now) + state.expired(now: now)
        let shortfalls = state.belowMinimumStock()
        let named = Set((due + overdue).map(\.productID)).union(shortfalls.map(\.productID))
        let reading = try await reading(of: household, products: .only(Array(named)))
        func lines(_ lots: [StockLot]) throws(GrocyRefusal) -> [GrocyStockEntry] {
            let byProduct = Dictionary(grouping: lots, by: \.productID)
            return try byProduct.keys.sorted().map { product throws(GrocyRefusal) in
                try reading.stockEntry(product, lots: byProduct[product] ?? [])
            }
        }
        let missing = try shortfalls.map { shortfall throws(GrocyRefusal) in
            let product = try reading.product(shortfall.productID)
            return GrocyMissingProduct(
                id: product.id, name: product.name, amountMissing: shortfall.missing, isPartlyInStock: shortfall.current > 0)
        }
        return GrocyVolatileStock(
            dueProducts: try lines(due), overdueProducts: try lines(overdue),
            expiredProducts: try lines(state.expired(now: now)), missingProducts: missing)
    }

    /// `GET stock/products/{id}`: the product, its barcodes, unit, stock and last purchase and use.
    func details(of product: ProductReference, in household: HouseholdID) async throws -> GrocyProductDetails {
        let reading = try await reading(of: household, products: .only([product]))
        let state = reading.state
        let barcodes = reading.facts[product.rawValue]?.barcodes ?? []
        let barcodeIDs = try await ids.ids(of: .barcode, barcodes.map { Self.barcodeKey(product, $0) }, in: household)
        let grocyProduct = try reading.product(product)
        let lots = state.stock(of: product).lots
        let unit = reading.stockUnit(of: product)
        let location = state.productSettings[product]?.defaultLocation.flatMap { state.locations[$0] }
            ?? Set(lots.map(\.locationID)).first.flatMap { state.locations[$0] }
        // Home Assistant asks for every listed product's details each poll: the last use is looked for in the last
        // year only, so a product's details cost the same whatever the household's history.
        let lastUse = state.lastConsumption(of: product, since: now().addingTimeInterval(-Self.lastUseWindow))
        let lastPurchase = lots.max { $0.purchasedAt < $1.purchasedAt }
        return GrocyProductDetails(
            product: grocyProduct,
            barcodes: barcodes.compactMap { barcode in
                barcodeIDs[Self.barcodeKey(product, barcode)].map {
                    GrocyBarcode(id: $0, productID: grocyProduct.id, barcode: barcode, created: grocyProduct.created)
                }
            },
            stockUnit: try reading.unit(unit), location: try location.map { location throws(GrocyRefusal) in
                try reading.location(location)
            },
            stockAmount: reading.amount(of: lots, in: unit, product: product),
            stockAmountOpened: reading.amount(of: lots.filter(\.isOpened), in: unit, product: product),
            stockValue: try reading.stockEntry(product, lots: lots).value,
            nextDueDate: lots.compactMap(\.dueDate).min().map { reading.clock.day($0) },
            lastPurchased: lastPurchase.map { reading.clock.day(of: $0.purchasedAt) },
            lastUsed: lastUse.map { reading.clock.day(of: $0.at) }, lastPrice: lastPurchase?.price)
    }

    /// How far back `last_used` is looked for: a year.
    static let lastUseWindow: TimeInterval = 366 * 86_400

    /// The key of a product's barcode in `grocy_ids`.
    static func barcodeKey(_ product: ProductReference, _ barcode: String) -> String {
        product.rawValue + "\u{1F}" + barcode
    }
}
