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

    @Option(name: .long, help: "The contact sent in the User-Agent, as Open Food Facts asks (default: $PANTRY_OFF_CONTACT).")
    var contact: String?

    func validate() throws {
        guard readsPerMinute > 0, readsPerMinute.isFinite else { throw ValidationError("--reads-per-minute must be above 0.") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be above 0.") }
        if let url, URL(string: url)?.scheme?.hasPrefix("http") != true {
            throw ValidationError("--off-url must be an http or https URL.")
        }
    }

    /// The client these options describe.
    func client() -> OpenFoodFactsClient {
        let contact = contact ?? ProcessInfo.processInfo.environment["PANTRY_OFF_CONTACT"] ?? "InventoryKit pantry example"
        var configuration = OpenFoodFactsClientConfiguration(
            baseURL: url.flatMap(URL.init(string:)),
            userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "InventoryKit-Pantry", version: "1.0", contact: contact))
        configuration.productReadsPerMinute = readsPerMinute
        configuration.requestTimeout = timeout
        return OpenFoodFactsClient(configuration: configuration)
    }

    /// The scanner on a pantry: its catalog, the client, and the response cache on the store's domain data.
    func scanner(on environment: PantryEnvironment) -> ProductScanService {
        let cache = DataCache(store: environment.storage.domainData, configuration: DataCacheConfiguration(namespace: "cache/openfoodfacts"))
        return ProductScanService(products: environment.products, lookup: client(), cache: cache)
    }
}
