import Foundation
import InventoryKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Looks barcodes up on Open Food Facts (or a mirror) over `URLSession`: `GET BASE/api/v2/product/BARCODE?fields=…`.
///
/// - **Identified**: every request carries the configured `User-Agent`, as Open Food Facts asks.
/// - **Rate limited on the client**: one ``LookupRateLimiting`` for every request of the client, retries included,
///   so concurrent lookups never exceed ``OpenFoodFactsClientConfiguration/productReadsPerMinute``: an in-process
///   ``LookupRateLimiter`` by default, or a limiter whose state every process of one store shares.
/// - **Retries** 429 and 5xx answers up to ``OpenFoodFactsClientConfiguration/maximumAttempts`` times, waiting the
///   longer of the doubling backoff and the server's `Retry-After`; a `Retry-After` beyond
///   ``OpenFoodFactsClientConfiguration/maximumBackoff`` ends the lookup at once as rate limited.
/// - **Typed results**: found (normalized by ``OpenFoodFactsNormalizer``), not found (`status: 0` or 404), rate
///   limited, or unavailable with the reason (timeout, server error, truncated or malformed body, offline). A
///   connection that closes after the answer's head, mid-body, is a truncated body, not a transport failure.
///
/// ```swift
/// let client = OpenFoodFactsClient(configuration: OpenFoodFactsClientConfiguration(
///     userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "Pantry", version: "1.0", contact: "me@example.com")))
/// switch await client.lookUp(try GTIN("3029330003533")) {
/// case .found(let record): record.imported.product.title
/// case .notFound, .rateLimited, .unavailable: nil
/// }
/// ```
public struct OpenFoodFactsClient: BarcodeLookup {
    /// The server, identification, rate, timeout and retries.
    public let configuration: OpenFoodFactsClientConfiguration
    /// The rate limiter of every request this client sends.
    public let limiter: any LookupRateLimiting
    /// Normalizes the records found.
    public let normalizer: OpenFoodFactsNormalizer
    private let session: URLSession
    private let timer: LookupTimer
    private let clock: InventoryClock

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - configuration: The server and the limits.
    ///   - session: The session to send through; an ephemeral one with the request timeout by default (tests pass
    ///     one with a scripted `URLProtocol`).
    ///   - timer: The clock and sleep of the rate limiter and the backoff; the system's by default.
    ///   - clock: The wall clock for `Retry-After` dates and normalization times.
    ///   - normalizer: The normalizer; preferred languages go here.
    ///   - limiter: Where the rate limit's slots are counted; `nil` (the default) makes a ``LookupRateLimiter`` of
    ///     the configuration's rate and burst on `timer`, for this client alone. Pass one whose state lives beside
    ///     the store to keep the limit across processes.
    public init(
        configuration: OpenFoodFactsClientConfiguration, session: URLSession? = nil, timer: LookupTimer = .system,
        clock: InventoryClock = .system, normalizer: OpenFoodFactsNormalizer = OpenFoodFactsNormalizer(),
        limiter: (any LookupRateLimiting)? = nil
    ) {
        self.configuration = configuration
        if let session {
            self.session = session
        } else {
            let sessionConfiguration = URLSessionConfiguration.ephemeral
            sessionConfiguration.timeoutIntervalForRequest = configuration.requestTimeout
            sessionConfiguration.timeoutIntervalForResource = configuration.requestTimeout
            sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: sessionConfiguration)
        }
        self.timer = timer
        self.clock = clock
        self.normalizer = normalizer
        self.limiter = limiter
            ?? LookupRateLimiter(perMinute: configuration.productReadsPerMinute, capacity: configuration.burst, timer: timer)
    }

    /// Looks one barcode up, in Open Food Facts' stored form (the canonical GTIN: UPC-A with its leading zero).
    public func lookUp(_ barcode: GTIN) async -> BarcodeLookupResult {
        let url = configuration.productURL(barcode.rawValue)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.requestTimeout)
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let attempts = max(1, configuration.maximumAttempts)
        var last: (status: Int, retryAfter: Double?) = (0, nil)
        for attempt in 0..<attempts {
            if attempt > 0 {
                let backoff = configuration.baseBackoff * Double(1 << min(attempt - 1, 16))
                let wait = max(backoff, last.retryAfter ?? 0)
                guard (last.retryAfter ?? 0) <= configuration.maximumBackoff else { break }
                do { try await timer.sleep(min(wait, configuration.maximumBackoff)) } catch { return .unavailable(barcode, .cancelled) }
            }
            let permit: LookupPermit
            do { permit = try await limiter.acquire() } catch {
                switch error {
                case .cancelled: return .unavailable(barcode, .cancelled)
                case .stateUnavailable: return .unavailable(barcode, .rateLimitUnavailable(reason: error.description))
                }
            }
            let outcome = await LookupTransfer.perform(request, session: session)
            await limiter.release(permit)
            let data: Data
            let http: HTTPURLResponse
            switch outcome {
            case .answered(let response, let body): (http, data) = (response, body)
            case .notHTTP: return .unavailable(barcode, .transport(reason: "not an HTTP response"))
            case .failed(let error, let head):
                return .unavailable(barcode, LookupTransfer.reason(for: error, head: head, timeout: configuration.requestTimeout))
            }
            let now = clock.now()
            switch OpenFoodFactsResponse.classify(
                barcode: barcode, status: http.statusCode, retryAfterHeader: http.value(forHTTPHeaderField: "Retry-After"),
                body: data, source: url.absoluteString, normalizer: normalizer, context: NormalizationContext(now: now), now: now)
            {
            case .done(let result): return result
            case .retry(let status, let retryAfter): last = (status, retryAfter)
            }
        }
        if last.status == 429 { return .rateLimited(barcode, retryAfter: last.retryAfter) }
        return .unavailable(barcode, .serverError(status: last.status))
    }
}
