import Foundation
import InventoryKit
import JSONFileStorage
import ProductModule

// MARK: - JSON-file provider (JSONFileStorage)

extension Scenario {
    /// Opening a `JSONFileStorage` folder of N products (one file each) against decoding the same N products
    /// with one `JSONDecoder` from one in-memory buffer.
    static let jsonOpen = Scenario(
        name: "json.open",
        summary: "JSONFileStorage(root:) of a folder of N product files vs JSONDecoder of the same N products from one buffer",
        target: 1.5
    ) { fixtures in
        let folder = try await fixtures.jsonStore(count: fixtures.configuration.productCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let buffer = try encoder.encode(await fixtures.products())
        let counts = RowCounts()
        return ScenarioRun(
            ours: {
                await fixtures.closeParked(folder)
                var opened: JSONFileStorage?
                let seconds = try await Stopwatch.time { opened = try await JSONFileStorage(root: folder) }
                guard let storage = opened else { throw BenchmarkError.setup("the store did not open") }
                await counts.record(
                    try await storage.domainMetadata.count(matching: nil, in: StorageProductStore.productCollection),
                    side: .ours)
                // Left open for json.save-one, which would otherwise open the same 100 000 files again.
                await fixtures.park(storage)
                return seconds
            },
            baseline: {
                var decoded: [Product] = []
                let seconds = try Stopwatch.timeSync {
                    let decoder = JSONDecoder()
                    decoded = try decoder.decode([Product].self, from: buffer)
                }
                await counts.record(decoded.count, side: .baseline)
                return seconds
            },
            verify: { try await counts.verify("json.open", expected: fixtures.configuration.productCount) })
    }

    /// Products added one at a time through `ProductModuleService.addProducts` (product, sync record and outbox
    /// entry: one journaled, fsynced batch each) into a store of N products, against the same adds into a store
    /// of 1 000 products.
    static let jsonSaveOne = Scenario(
        name: "json.save-one",
        summary: "ProductModuleService.addProducts([p]) x K on JSONFileStorage of N products vs the same on a store of 1k",
        target: 2
    ) { fixtures in
        let configuration = fixtures.configuration
        let large = try await fixtures.openJSONStore(fixtures.jsonStore(count: configuration.productCount))
        let small = try await fixtures.openJSONStore(fixtures.jsonStore(count: configuration.smallStoreCount))
        let rounds = RoundCounter()
        func service(_ storage: JSONFileStorage) -> ProductModuleService {
            ProductModuleService(storage: storage, replicaID: BenchData.replica, clock: .constant(BenchData.now))
        }
        let (largeService, smallService) = (service(large), service(small))
        // Each measurement adds new products (the stores keep them); both stores get the same ones.
        let newProducts: @Sendable (Int) -> [Product] = { round in
            let start = 2_000_000 + round * configuration.jsonSaves
            return BenchData.products(start..<(start + configuration.jsonSaves))
        }
        return ScenarioRun(
            ours: {
                let products = newProducts(await rounds.next(.ours))
                return try await Stopwatch.time {
                    for product in products { try await largeService.addProducts([product]) }
                }
            },
            baseline: {
                let products = newProducts(await rounds.next(.baseline))
                return try await Stopwatch.time {
                    for product in products { try await smallService.addProducts([product]) }
                }
            },
            finish: {
                await large.close()
                await small.close()
            })
    }
}
