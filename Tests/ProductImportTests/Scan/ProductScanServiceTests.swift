import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import Testing

@Suite("ProductScanService")
struct ProductScanServiceTests {
    /// A scanner on an in-memory catalog and cache.
    static func scanner(
        lookup: FakeBarcodeLookup, storage: InMemoryStorageProvider = InMemoryStorageProvider()
    ) -> (ProductScanService, ProductModuleService) {
        let catalog = ProductModuleService(storage: storage, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let cache = DataCache(
            store: storage.domainData,
            configuration: DataCacheConfiguration(namespace: "cache/off", clock: .constant(ImportFixtures.now)))
        return (ProductScanService(products: catalog, lookup: lookup, cache: cache), catalog)
    }

    @Test("an unknown barcode is looked up and stored with Open Food Facts provenance; the next scan is local")
    func scanStoresThenAnswersLocally() async throws {
        let lookup = FakeBarcodeLookup()
        try await lookup.serveFixture("3029330003533")
        let (scanner, catalog) = Self.scanner(lookup: lookup)
        let first = try await scanner.product(forScannedBarcode: "3029330003533")
        guard case .stored(let product, .lookup, created: true, _) = first else { Issue.record("got \(first)"); return }
        #expect(product.provenance?.primaryProvider == .openFoodFacts)
        #expect(product.provenance?.fields.isEmpty == false)
        #expect(try await catalog.retrieveProduct(by: .barcode("3029330003533")) != nil)
        let second = try await scanner.product(forScannedBarcode: "3 029330 003533")
        guard case .inCatalog = second else { Issue.record("got \(second)"); return }
        #expect(await lookup.calls == ["3029330003533"])
    }

    @Test("fifty concurrent scans of one barcode make one request and one product")
    func concurrentScansShareOneLookup() async throws {
        let lookup = FakeBarcodeLookup()
        try await lookup.serveFixture("3168930007432")
        let (scanner, catalog) = Self.scanner(lookup: lookup)
        let answers = try await withThrowingTaskGroup(of: ScanAnswer.self) { group in
            for _ in 0..<50 { group.addTask { try await scanner.product(forScannedBarcode: "3168930007432") } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.allSatisfy { $0.product?.productID.rawValue == "3168930007432" })
        #expect(await lookup.calls.count == 1)
        #expect(try await ImportFixtures.allProducts(in: catalog).count == 1)
    }

    @Test(
        "not found, rate limited and unavailable store nothing and say so",
        arguments: ["notFound", "rateLimited", "unavailable"])
    func failuresStoreNothing(kind: String) async throws {
        let code = GTIN.fixtureEAN13(2_001)
        let gtin = try GTIN(code)
        let lookup = FakeBarcodeLookup()
        let result: BarcodeLookupResult =
            switch kind {
            case "notFound": .notFound(gtin)
            case "rateLimited": .rateLimited(gtin, retryAfter: 5)
            default: .unavailable(gtin, .serverError(status: 503))
            }
        await lookup.answer(code, with: result)
        let (scanner, catalog) = Self.scanner(lookup: lookup)
        let answer = try await scanner.product(forScannedBarcode: code)
        #expect(answer.product == nil)
        #expect(String(describing: answer).hasPrefix(code))
        #expect(try await ImportFixtures.allProducts(in: catalog).isEmpty)
    }

    @Test("offline, a barcode seen before on another catalog answers from the cache; one never seen says offline")
    func offlineAnswersFromTheCache() async throws {
        let storage = InMemoryStorageProvider()
        let lookup = FakeBarcodeLookup()
        try await lookup.serveFixture("3523230028431")
        let (online, _) = Self.scanner(lookup: lookup, storage: storage)
        _ = try await online.product(forScannedBarcode: "3523230028431")
        // The product is deleted from the catalog; the cached response is still there.
        let catalog = ProductModuleService(storage: storage, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        try await catalog.deleteProducts([try ProductID("3523230028431")])
        let (offline, _) = Self.scanner(lookup: lookup, storage: storage)
        let cached = try await offline.product(forScannedBarcode: "3523230028431", mode: .offline)
        guard case .stored(_, .cache, _, _) = cached else { Issue.record("got \(cached)"); return }
        let unknown = GTIN.fixtureEAN13(2_002)
        let answer = try await offline.product(forScannedBarcode: unknown, mode: .offline)
        guard case .unavailable(_, let reason) = answer else { Issue.record("got \(answer)"); return }
        #expect(reason.isOffline)
        #expect(await lookup.calls == ["3523230028431"])
    }

    @Test("a refresh merges the new record without replacing a title a person edited")
    func refreshKeepsUserEdits() async throws {
        let lookup = FakeBarcodeLookup()
        try await lookup.serveFixture("3366321052331")
        let (scanner, catalog) = Self.scanner(lookup: lookup)
        _ = try await scanner.product(forScannedBarcode: "3366321052331")
        var edited = try #require(try await catalog.retrieveProduct(by: .barcode("3366321052331")))
        edited.title = "Margarine (ours)"
        try await catalog.updateProducts([edited])
        let refreshed = try await scanner.product(forScannedBarcode: "3366321052331", mode: .refresh)
        guard case .stored(let product, .lookup, created: false, _) = refreshed else { Issue.record("got \(refreshed)"); return }
        #expect(product.title == "Margarine (ours)")
        #expect(await lookup.calls.count == 2)
    }

    @Test("a scan that is not a barcode is a typed error naming the input")
    func invalidBarcodeIsTyped() async throws {
        let (scanner, _) = Self.scanner(lookup: FakeBarcodeLookup())
        do {
            _ = try await scanner.product(forScannedBarcode: "12345")
            Issue.record("expected an error")
        } catch {
            guard case .invalidBarcode("12345", _) = error else { Issue.record("got \(error)"); return }
        }
    }
}
