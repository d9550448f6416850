import Foundation

/// Converts amounts between units, exactly in `Decimal`, by chaining conversions.
///
/// The converter searches breadth-first over the global conversions plus the product's own ones; for the same
/// pair of units a product's conversion wins over a global one, and a conversion given in one direction wins over
/// one implied by the inverse of the other direction. Among paths of equal length the search prefers units in id
/// order, so every replica picks the same path.
///
/// ```swift
/// let converter = UnitConverter(conversions: [UnitConversion(from: kg, to: g, factor: 1000)])
/// try converter.factor(from: g, to: kg, product: nil)        // 0.001
/// try converter.convert(2.5, from: kg, to: g, product: nil)  // 2500
/// ```
public struct UnitConverter: Sendable {
    /// Every conversion known, global and per product.
    public let conversions: [UnitConversion]

    /// Creates a converter over `conversions` (later ones with the same key replace earlier ones).
    public init(conversions: some Sequence<UnitConversion>) {
        var byKey: [UnitConversionKey: UnitConversion] = [:]
        for conversion in conversions { byKey[conversion.key] = conversion }
        self.conversions = byKey.keys.sorted().compactMap { byKey[$0] }
    }

    /// How many `to` make one `from` for `product`: 1 for the same unit, else the product of the factors along
    /// the shortest chain of conversions.
    ///
    /// - Throws: ``InventoryError/noUnitConversion(from:to:product:)`` when no chain links the units.
    public func factor(from: UnitID, to: UnitID, product: ProductReference?) throws(InventoryError) -> Decimal {
        if from == to { return 1 }
        let edges = graph(for: product)
        var factors: [UnitID: Decimal] = [from: 1]
        var queue: [UnitID] = [from]
        var index = 0
        while index < queue.count {
            let unit = queue[index]
            index += 1
            let base = factors[unit] ?? 1
            let neighbours = edges[unit] ?? [:]
            for next in neighbours.keys.sorted() where factors[next] == nil {
                let factor = base * (neighbours[next] ?? 1)
                if next == to { return factor }
                factors[next] = factor
                queue.append(next)
            }
        }
        throw .noUnitConversion(from: from, to: to, product: product)
    }

    /// `amount` in `from` expressed in `to` for `product`, rounded to nine fractional digits unless the units
    /// are the same (then `amount` unchanged).
    ///
    /// - Throws: ``InventoryError/noUnitConversion(from:to:product:)`` when no chain links the units.
    public func convert(
        _ amount: Decimal, from: UnitID, to: UnitID, product: ProductReference?
    ) throws(InventoryError) -> Decimal {
        InventoryQuantity.scaled(amount, by: try factor(from: from, to: to, product: product))
    }

    /// Whether a chain of conversions links the units for `product`.
    public func canConvert(from: UnitID, to: UnitID, product: ProductReference?) -> Bool {
        (try? factor(from: from, to: to, product: product)) != nil
    }

    // MARK: - Graph

    /// The edges usable for `product`: `edges[a][b]` is how many `b` make one `a`.
    private func graph(for product: ProductReference?) -> [UnitID: [UnitID: Decimal]] {
        // Priorities, lowest first: global inverse, global, product inverse, product. Higher ones overwrite.
        var edges: [UnitID: [UnitID: (factor: Decimal, priority: Int)]] = [:]
        func add(_ from: UnitID, _ to: UnitID, _ factor: Decimal, priority: Int) {
            if let existing = edges[from]?[to], existing.priority > priority { return }
            edges[from, default: [:]][to] = (factor, priority)
        }
        for conversion in conversions where conversion.factor > 0 && InventoryQuantity.isValid(conversion.factor) {
            let level: Int
            switch conversion.productID {
            case nil: level = 0
            case let some? where some == product: level = 2
            default: continue
            }
            add(conversion.from, conversion.to, conversion.factor, priority: level + 1)
            add(conversion.to, conversion.from, 1 / conversion.factor, priority: level)
        }
        return edges.mapValues { $0.mapValues(\.factor) }
    }
}
