import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ProductImageFetcher")
struct ProductImageFetcherTests {
    static func fetcher(_ storage: InMemoryStorageProvider) -> ProductImageFetcher {
        let cache = DataCache(store: storage.domainData, configuration: DataCacheConfiguration(namespace: "cache/images", maximumBytes: 10_000))
        return ProductImageFetcher(cache: cache, userAgent: "InventoryKitTests/1 (tests)", session: LookupScriptedProtocol.session())
    }

    @Test("an image is fetched once and answered from the cache after, also by a fetcher opened later on the store")
    func fetchedOnceThenCached() async throws {
        let storage = InMemoryStorageProvider()
        let image = Data((0..<500).map { UInt8($0 % 251) })
        LookupScriptedProtocol.script("front_fr.4.400.jpg", [.http(status: 200, body: image)])
        let url = try #require(URL(string: "http://images.test/images/products/302/933/000/3533/front_fr.4.400.jpg"))
        #expect(try await Self.fetcher(storage).image(at: url).get() == image)
        #expect(try await Self.fetcher(storage).image(at: url).get() == image)
        #expect(LookupScriptedProtocol.requests("front_fr.4.400.jpg").count == 1)
        #expect(LookupScriptedProtocol.requests("front_fr.4.400.jpg").first?.value(forHTTPHeaderField: "User-Agent") == "InventoryKitTests/1 (tests)")
    }

    @Test("a 404, an empty body or an image over the limit caches nothing and says why")
    func failuresCacheNothing() async throws {
        let storage = InMemoryStorageProvider()
        LookupScriptedProtocol.script("missing.jpg", [.http(status: 404)])
        LookupScriptedProtocol.script("huge.jpg", [.http(status: 200, body: Data(count: 6_000_000))])
        let fetcher = Self.fetcher(storage)
        let missing = await fetcher.image(at: try #require(URL(string: "http://images.test/missing.jpg")))
        #expect(missing == .failure(.unexpectedStatus(404)))
        guard case .failure(.malformedBody) = await fetcher.image(at: try #require(URL(string: "http://images.test/huge.jpg"))) else {
            Issue.record("a huge image was accepted")
            return
        }
        #expect(try await fetcher.cache.statistics().entryCount == 0)
    }
}
