import Foundation
import InventoryKit
import JSONFileStorage
import ProductModule

// MARK: - JSON-file provider (JSONFileStorage)

extension Scenario {
    /// Opening a `JSONFileStorage` folder of N products (one file each) against reading the same folder by hand:
    /// every file read and decoded into its record (the same `JSONDecoder` decoding), indexed by id, on every core.
    static let jsonOpen = Scenario(
        name: "json.open",
        summary: "JSONFileStorage(root:) of a folder of N product files vs reading + decoding + indexing the same files by hand, on every core",
        target: 1.5,
        timed: Timed(
            ours: "JSONFileStorage(root:) until it returns: listing, reading and decoding every record file on every "
                + "core, building the index; files in the page cache",
            baseline: "listing, open/fstat/read and JSONDecoder of every record file into its record on every core, a "
                + "[RecordID: StoredRecord] per collection; files in the page cache")
    ) { fixtures in
        let folder = try await fixtures.jsonStore(count: fixtures.configuration.productCount)
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
                var index: [String: [RecordID: StoredRecord]] = [:]
                let seconds = try Stopwatch.timeSync { index = try RawJSONStoreReader.load(root: folder.path) }
                let products = index[StorageScope.domain.rawValue + "/" + StorageProductStore.productCollection.rawValue]
                await counts.record(products?.count ?? 0, side: .baseline)
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
        target: 2,
        timed: Timed(
            ours: "40 x addProducts([p]) on the store of N: validation, journal written and fsynced, record files "
                + "written and renamed",
            baseline: "the same 40 adds on a store of 1 000")
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
