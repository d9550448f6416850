import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import Testing

@Suite("Scanning barcodes (DocC: Scanning barcodes)")
struct ScanningBarcodesTests {
    // snippet: scan-barcode
    func makeScanner(storage: some StorageProvider, catalog: ProductModuleService, server: URL?) -> ProductScanService {
        var configuration = OpenFoodFactsClientConfiguration(
            baseURL: server,   // nil: production; OpenFoodFactsClientConfiguration.staging, or a mirror
            userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "PantryApp", version: "1.0", contact: "me@example.com"))
        configuration.productReadsPerMinute = 15   // never exceeded, across concurrent scans and retries
        configuration.requestTimeout = 10
        let client = OpenFoodFactsClient(configuration: configuration)
        // Raw responses (and images) on the provider's domain data store: 32 MiB, 60 days, LRU.
        let cache = DataCache(
            store: storage.domainData, configuration: DataCacheConfiguration(namespace: "cache/openfoodfacts", maximumBytes: 32 << 20))
        return ProductScanService(products: catalog, lookup: client, cache: cache)
    }

    func describe(_ answer: ScanAnswer) -> String {
        switch answer {
        case .inCatalog(let product): "known: \(product.title ?? product.productID.rawValue)"
        case .stored(let product, let source, _, _): "new from \(source): \(product.title ?? "")"
        case .notFound: "not on Open Food Facts: add it by hand"
        case .rateLimited(_, let retryAfter): "busy, retry in \(retryAfter ?? 60) s"
        case .unavailable(_, let reason): reason.isOffline ? "offline and never seen" : "try later (\(reason))"
        }
    }
    // end snippet

    @Test("with the server unreachable a scan says offline; a cached response answers the offline scan")
    func offlineScan() async throws {
        let storage = InMemoryStorageProvider()
        let catalog = ProductModuleService(storage: storage, replicaID: "scanner")
        // Port 9 on loopback: nothing listens, the connection is refused.
        let scanner = makeScanner(storage: storage, catalog: catalog, server: URL(string: "http://127.0.0.1:9"))
        let first = try await scanner.product(forScannedBarcode: "4006381333931")
        #expect(describe(first) == "offline and never seen")
        let body = Data(#"{"code":"4006381333931","status":1,"product":{"product_name":"Milk"}}"#.utf8)
        try await scanner.cache?.store(body, for: scanner.cacheKey(for: try GTIN("4006381333931")))
        let second = try await scanner.product(forScannedBarcode: "4006381333931", mode: .offline)
        #expect(describe(second) == "new from cache openfoodfacts/product/4006381333931: Milk")
        #expect(second.product?.provenance?.primaryProvider == .openFoodFacts)
    }
}
