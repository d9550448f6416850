import Foundation
import InventoryKit
import ProductModule

/// The products the server's Open Food Facts lookup found lately, kept for a while so that the purchase a page
/// offers books the very record the page showed, and a page asked twice costs Open Food Facts one read.
///
/// Bounded in time (each product for ``keptFor`` seconds) and in count (the oldest go first past ``capacity``);
/// Open Food Facts' records are public, so one memory serves every household.
actor LookedUpProducts {
    /// Seconds a product is kept.
    let keptFor: Double
    /// The most products kept.
    let capacity: Int
    private let now: @Sendable () -> Date
    private var products: [GTIN: (product: Product, foundAt: Date)] = [:]

    /// Creates an empty memory.
    init(keptFor: Double, capacity: Int = 1_000, now: @escaping @Sendable () -> Date = { Date() }) {
        self.keptFor = keptFor
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// The product found for `barcode` within ``keptFor``, if any.
    func product(for barcode: GTIN) -> Product? {
        guard let kept = products[barcode] else { return nil }
        guard now().timeIntervalSince(kept.foundAt) < keptFor else {
            products[barcode] = nil
            return nil
        }
        return kept.product
    }

    /// Keeps `product` as found for `barcode` now, forgetting the oldest when the memory is full.
    func keep(_ product: Product, for barcode: GTIN) {
        let instant = now()
        products[barcode] = (product, instant)
        guard products.count > capacity else { return }
        let expired = products.filter { instant.timeIntervalSince($0.value.foundAt) >= keptFor }.map(\.key)
        for key in expired { products[key] = nil }
        while products.count > capacity, let oldest = products.min(by: { $0.value.foundAt < $1.value.foundAt })?.key {
            products[oldest] = nil
        }
    }
}
