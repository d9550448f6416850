import Foundation
import InventoryKit
import InventoryModule
import InventorySync

/// The deterministic household the inventory scenario books: a household, one unit, three locations, then
/// purchases of the benchmark products (their barcodes are the product references), so that the journal holds
/// exactly the requested number of entries, every one of them waiting in the outbox.
enum InventoryBenchData {
    /// The household every entry belongs to.
    static let household = HouseholdID(rawValue: "bench-home") ?? HouseholdID(UUID())
    /// The one unit of the purchases.
    static let piece = UnitID.derived(name: "piece")
    /// The locations the purchases rotate through.
    static let locations = ["Pantry", "Fridge", "Freezer"]
    /// How many different products are bought (product `i` of ``BenchData``, by barcode).
    static let productCount = 500

    /// The strategy of both services (booking and pushing): nothing is pushed while booking, pushes carry the
    /// strategy's default batch (500 entries); the baseline writes in batches of the same size.
    static let strategy = InventorySyncStrategy(writePolicy: .localThenEnqueue)

    /// The commands that set up the household (five journal entries).
    static let setUp: [InventoryCommand] = [
        .createHousehold(name: "Home"),
        .defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")),
    ] + locations.map { name in .defineLocation(LocationDefinition(name: name, isFreezer: name == "Freezer")) }

    /// Purchase `i`: 1–6 pieces of one of ``productCount`` products, at one of the three locations, every other
    /// one with a price.
    static func purchase(_ index: Int) -> InventoryCommand {
        guard let product = ProductReference(rawValue: BenchData.barcode(index % productCount)) else {
            fatalError("benchmark product reference \(index) is invalid")
        }
        let location = LocationID.derived(household: household, name: locations[index % locations.count])
        return .purchase(
            PurchaseRequest(
                productID: product, amount: Decimal(1 + index % 6), unit: piece, locationID: location,
                price: index % 2 == 0 ? Decimal(99 + index % 900) / 100 : nil))
    }

    /// Deterministic UUIDs (version 4 layout) from a seeded generator, for entry, transaction and correlation ids.
    final class UUIDSource: @unchecked Sendable {
        // @unchecked: `generator` is only touched under `lock`.
        private let lock = NSLock()
        private var generator: SplitMix64

        init(seed: UInt64) {
            generator = SplitMix64(seed: seed)
        }

        func next() -> UUID {
            let (high, low) = lock.withLock { (generator.next(), generator.next()) }
            return RecordBenchData.uuid(high, low)
        }
    }
}
