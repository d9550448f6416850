import ArgumentParser
import Foundation
import InventoryKit
import ProductImport

/// Options of the commands that look barcodes up on Open Food Facts (`scan`, `product refresh`).
struct OpenFoodFactsOptions: ParsableArguments {
    @Option(name: .customLong("off-url"), help: "The Open Food Facts server or a mirror (default: production).")
    var url: String?

    @Flag(name: .long, help: "Send no request: answer from the catalog and the cached responses only.")
    var offline = false

    @Option(name: .customLong("reads-per-minute"), help: "Product reads per minute never exceeded (OFF allows 15).")
    var readsPerMinute: Double = 15

    @Option(name: .long, help: "Seconds a request may take.")
    var timeout: Double = 10

    /// The window `--reads-per-minute` is counted in: a minute, as documented; tests shorten it to prove the limit
    /// across processes in seconds (`--reads-per-minute 5 --rate-window 2`: at most 5 reads in any 2 s).
    @Option(name: .customLong("rate-window"), help: .hidden)
    var rateWindow: Double = 60

    @Option(name: .long, help: "The contact sent in the User-Agent, as Open Food Facts asks (default: $PANTRY_OFF_CONTACT).")
    var contact: String?

    func validate() throws {
        guard readsPerMinute > 0, readsPerMinute.isFinite else { throw ValidationError("--reads-per-minute must be above 0.") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be above 0.") }
        guard rateWindow > 0, rateWindow <= 3_600 else { throw ValidationError("--rate-window must be above 0 and at most 3600.") }
        if let url, URL(string: url)?.scheme?.hasPrefix("http") != true {
            throw ValidationError("--off-url must be an http or https URL.")
        }
    }

    /// Where the pantry keeps what its processes share about Open Food Facts, beside the store: the rate limit's
    /// window (`reads.json`) and the scan locks. `<file>.sqlite-openfoodfacts` for SQLite, `<folder>/openfoodfacts`
    /// for a JSON store.
    static func folder(_ options: StoreOptions) -> URL {
        switch options.store {
        case .sqlite: URL(fileURLWithPath: storePath(.sqlite, at: options.location).path + "-openfoodfacts")
        case .json: options.location.appendingPathComponent("openfoodfacts")
        }
    }

    /// The rate limit these options describe: `--reads-per-minute` reads in any minute (`--rate-window`), shared by
    /// every pantry process of the store in `folder`.
    func limiter(in folder: URL) -> StoreLookupRateLimiter {
        let perMinute = LookupRateWindow(perMinute: readsPerMinute, lease: 0)
        // A request ends within its timeout; a permit never released (a killed run) stops counting after twice that.
        let settings = LookupRateWindow(limit: perMinute.limit, window: perMinute.window * rateWindow / 60, lease: 2 * timeout + 1)
        return StoreLookupRateLimiter(file: folder.appendingPathComponent("reads.json"), settings: settings)
    }

    /// The client these options describe, counting its reads in the store's shared window in `folder`.
    func client(sharing folder: URL) -> OpenFoodFactsClient {
        let contact = contact ?? ProcessInfo.processInfo.environment["PANTRY_OFF_CONTACT"] ?? "InventoryKit pantry example"
        var configuration = OpenFoodFactsClientConfiguration(
            baseURL: url.flatMap(URL.init(string:)),
            userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "InventoryKit-Pantry", version: "1.0", contact: contact))
        configuration.productReadsPerMinute = readsPerMinute
        configuration.requestTimeout = timeout
        return OpenFoodFactsClient(configuration: configuration, limiter: limiter(in: folder))
    }

    /// The scanner on a pantry: its catalog, the client, and the response cache on the store's domain data.
    func scanner(on environment: PantryEnvironment, sharing folder: URL) -> ProductScanService {
        let cache = DataCache(store: environment.storage.domainData, configuration: DataCacheConfiguration(namespace: "cache/openfoodfacts"))
        return ProductScanService(products: environment.products, lookup: client(sharing: folder), cache: cache)
    }
}
