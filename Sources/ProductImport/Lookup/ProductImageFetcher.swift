import Foundation
import InventoryKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches product images (the `image_front_url` of an Open Food Facts record, say) through a `DataCache`:
/// a cached image is answered without a request, a fetched one is cached, and a failure caches nothing.
///
/// ```swift
/// let images = ProductImageFetcher(cache: imageCache, userAgent: "PantryApp/1.0 (me@example.com)")
/// if case .success(let bytes) = await images.image(at: frontURL) { show(bytes) }
/// ```
public struct ProductImageFetcher: Sendable {
    /// Where images are kept; its size limit, time to live and LRU eviction bound them.
    public let cache: DataCache
    /// The `User-Agent` of every request.
    public let userAgent: String
    /// Seconds a request may take.
    public let timeout: Double
    /// The largest image accepted, in bytes.
    public let maximumBytes: Int
    private let session: URLSession

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - cache: The image cache (its own namespace, apart from the response cache).
    ///   - userAgent: The `User-Agent`, as Open Food Facts asks.
    ///   - timeout: The request timeout in seconds.
    ///   - maximumBytes: The largest image accepted; 5 MB by default.
    ///   - session: The session; `URLSession.shared` by default.
    public init(
        cache: DataCache, userAgent: String, timeout: Double = 20, maximumBytes: Int = 5_000_000, session: URLSession = .shared
    ) {
        self.cache = cache
        self.userAgent = userAgent
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.session = session
    }

    /// The image's bytes: from the cache, else fetched and cached.
    ///
    /// - Returns: the bytes, or why there are none (an HTTP status, a timeout, offline, an image cut short or over
    ///   the limit).
    public func image(at url: URL) async -> Result<Data, LookupUnavailableReason> {
        let key = url.absoluteString
        if let cached = try? await cache.data(for: key) { return .success(cached) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        let data: Data
        let status: Int
        switch await LookupTransfer.perform(request, session: session) {
        case .answered(let response, let body): (status, data) = (response.statusCode, body)
        case .notHTTP: return .failure(.transport(reason: "not an HTTP response"))
        case .failed(let error, let head): return .failure(LookupTransfer.reason(for: error, head: head, timeout: timeout))
        }
        guard status == 200 else { return .failure(status >= 500 ? .serverError(status: status) : .unexpectedStatus(status)) }
        guard !data.isEmpty, data.count <= maximumBytes else {
            return .failure(.malformedBody(reason: "\(data.count) bytes (limit \(maximumBytes))"))
        }
        // A cache that cannot store costs the next call a request, not this one its image.
        _ = try? await cache.store(data, for: key)
        return .success(data)
    }
}
