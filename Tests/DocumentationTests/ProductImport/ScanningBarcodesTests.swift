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

    // snippet: shared-rate-limit
    /// A place every process of one store sees (a file under a lock, a database row), changed in one critical section.
    protocol SharedWindowStore: Sendable {
        func update<T: Sendable>(_ change: @Sendable (inout LookupRateWindow?) -> T) async throws -> T
    }

    /// Open Food Facts reads counted in the store's window, whichever process sends them.
    struct SharedWindowLimiter: LookupRateLimiting {
        let store: any SharedWindowStore
        let settings: LookupRateWindow       // limit, window and lease; e.g. LookupRateWindow(perMinute: 15, lease: 25)
        let wallClock: LookupTimer           // seconds every process reads alike (since 1970), and a sleep

        func acquire() async throws(LookupRateLimitError) -> LookupPermit {
            while true {
                let decision: LookupRateWindow.Decision
                do {
                    decision = try await store.update { [settings, now = wallClock.now()] window in
                        var current = window ?? settings
                        defer { window = current }
                        return current.decide(at: now)
                    }
                } catch {
                    throw .stateUnavailable(location: "the store's rate window", reason: "\(error)")
                }
                switch decision {
                case .granted(let permit): return permit
                case .wait(let seconds):
                    do { try await wallClock.sleep(seconds) } catch { throw .cancelled }
                }
            }
        }

        func release(_ permit: LookupPermit) async {
            _ = try? await store.update { [now = wallClock.now()] window in window?.release(permit, at: now) }
        }
    }
    // let client = OpenFoodFactsClient(configuration: configuration, limiter: SharedWindowLimiter(...))
    // end snippet

    /// The shared place of the snippet, in memory, and a virtual wall clock.
    actor MemoryWindowStore: SharedWindowStore {
        var window: LookupRateWindow?
        func update<T: Sendable>(_ change: @Sendable (inout LookupRateWindow?) -> T) async throws -> T { change(&window) }
    }

    final class VirtualWallClock: @unchecked Sendable {  // `seconds` is guarded by `lock`
        private let lock = NSLock()
        private var seconds = 1_000.0
        var timer: LookupTimer {
            LookupTimer(now: { [self] in lock.withLock { seconds } }, sleep: { [self] delta in lock.withLock { seconds += delta } })
        }
    }

    @Test("two limiters on one shared window (two processes) grant `limit` reads, then wait a window after they ended")
    func sharedWindowLimiter() async throws {
        let (store, clock) = (MemoryWindowStore(), VirtualWallClock())
        let settings = LookupRateWindow(limit: 2, window: 60, lease: 25)
        let first = SharedWindowLimiter(store: store, settings: settings, wallClock: clock.timer)
        let second = SharedWindowLimiter(store: store, settings: settings, wallClock: clock.timer)
        let permits = [try await first.acquire(), try await second.acquire()]
        #expect(permits.map(\.grantedAt) == [1_000, 1_000])
        try await clock.timer.sleep(1)
        for permit in permits { await first.release(permit) }
        let third = try await second.acquire()
        #expect(third.grantedAt == 1_061)
    }

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
