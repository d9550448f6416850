import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule

/// Factories shared by the import tests.
enum ImportFixtures {
    /// The import time of every test.
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A normalization context at ``now`` with the standard tables.
    static func context(categories: CategoryNormalizer = CategoryNormalizer(), limits: ImportLimits = .standard) -> NormalizationContext {
        NormalizationContext(now: now, categories: categories, limits: limits)
    }

    /// The bytes of an Open Food Facts fixture, by its code.
    static func openFoodFacts(_ code: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: code, withExtension: "json", subdirectory: "Fixtures") else {
            throw FixtureMissing(name: code)
        }
        return try Data(contentsOf: url)
    }

    /// Every Open Food Facts fixture's code.
    static let openFoodFactsCodes = [
        "0402004014227", "0737628064502", "3029330003533", "3045320094008", "3088543506255", "3168930007432",
        "3228857000852", "3366321052331", "3523230028431", "3596710456727", "5000112611861", "5059977000105",
        "5449000011527", "5449000036872", "5449000044808", "54491472", "57045443", "8901764012273",
    ]

    /// Normalizes a fixture with the standard Open Food Facts normalizer.
    static func normalizedOpenFoodFacts(_ code: String) throws -> ImportedProduct {
        try OpenFoodFactsNormalizer().normalize(try openFoodFacts(code), context: context()).get()
    }

    /// A local-only product catalog on in-memory storage, with a clock at ``now``.
    static func catalog(clock: ManualClock = ManualClock(now)) -> ProductModuleService {
        ProductModuleService(storage: InMemoryStorageProvider(), replicaID: ReplicaID("test"), clock: clock.clock)
    }

    /// Every product of a catalog, in id order.
    static func allProducts(in catalog: ProductModuleService) async throws -> [Product] {
        var all: [Product] = []
        var query: ProductQuery? = ProductQuery(page: PageRequest(limit: 500), sort: .createdAt(.ascending))
        while let current = query {
            let page = try await catalog.store.query(current)
            all += page.products
            query = current.after(page.nextCursor)
        }
        return all.sorted { $0.productID < $1.productID }
    }

    struct FixtureMissing: Error {
        var name: String
    }
}
