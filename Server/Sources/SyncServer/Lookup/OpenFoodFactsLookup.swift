import Foundation
import InventoryKit
import Logging
import ProductImport
import ProductModule

/// The server's second step when a household's catalog does not know a barcode: the kit's own
/// `OpenFoodFactsClient`, one per server process, counting every read in one ``SharedLookupLimiter``.
///
/// Each lookup sends at most one read (no retries: a page cannot wait for a backoff), so the limiter sees every
/// request the server sends. A product found is checked with the kit's rules (its id is the barcode's, it
/// validates) and kept a while in ``LookedUpProducts``; whatever goes wrong — not found, rate limited, no answer in
/// time, a server error, a body that is not a record — is a ``ProductLookupAnswer`` a page turns into one sentence.
/// A lookup writes nothing; the purchase that books a found product writes it (``WebRoutes``'s purchase action).
package struct OpenFoodFactsLookup: Sendable {
    /// The kit's client, sending through the shared limiter.
    let client: OpenFoodFactsClient
    /// The rate limit shared by every household and request of the process.
    let limiter: SharedLookupLimiter
    /// Products found lately.
    let found: LookedUpProducts
    let logger: Logger

    /// Creates the process's lookup: its client, its one limiter and its memory of found products.
    ///
    /// - Parameters:
    ///   - settings: The server asked and the limits.
    ///   - timer: The limiter's clock and sleep; the system's by default.
    ///   - now: The wall clock of the memory and of the kit's normalization.
    ///   - logger: Where failed lookups are logged.
    package init(
        settings: OpenFoodFactsLookupSettings, timer: LookupTimer = .system,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger
    ) {
        var configuration = OpenFoodFactsClientConfiguration(baseURL: settings.baseURL, userAgent: settings.userAgent)
        configuration.productReadsPerMinute = settings.productReadsPerMinute
        configuration.burst = settings.burst
        configuration.requestTimeout = settings.requestTimeout
        configuration.maximumAttempts = 1
        limiter = SharedLookupLimiter(
            perMinute: settings.productReadsPerMinute, capacity: settings.burst, maximumWait: settings.maximumWait,
            timer: timer)
        client = OpenFoodFactsClient(
            configuration: configuration, timer: timer, clock: InventoryClock { now() }, limiter: limiter)
        found = LookedUpProducts(keptFor: settings.keptFor, now: now)
        self.logger = logger
    }

    /// The product Open Food Facts has for `barcode`: from the memory when found lately, else from one read.
    package func lookUp(_ barcode: GTIN) async -> ProductLookupAnswer {
        if let product = await found.product(for: barcode) { return .found(product) }
        let result = await client.lookUp(barcode)
        let answer = Self.answer(for: result)
        switch answer {
        case .found(let product): await found.keep(product, for: barcode)
        case .notFound: break
        case .rateLimited, .unavailable:
            logger.notice("Open Food Facts lookup failed", metadata: ["result": "\(result)"])
        }
        return answer
    }

    /// The page's answer for what the kit's client found: a product only when the kit's rules accept it as the
    /// barcode's.
    static func answer(for result: BarcodeLookupResult) -> ProductLookupAnswer {
        switch result {
        case .found(let record):
            let product = record.imported.product
            guard product.productID == ProductID.barcode(record.barcode), (try? product.validate()) != nil else {
                return .unavailable
            }
            return .found(product)
        case .notFound: return .notFound
        case .rateLimited: return .rateLimited
        // Only the shared limiter refuses this way: it had no slot for the read, so nothing was sent.
        case .unavailable(_, .rateLimitUnavailable): return .rateLimited
        case .unavailable: return .unavailable
        }
    }
}
