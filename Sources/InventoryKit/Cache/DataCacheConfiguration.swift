import Foundation

/// The bounds and the clock of a ``DataCache``.
///
/// ```swift
/// let configuration = DataCacheConfiguration(namespace: "cache/openfoodfacts", maximumBytes: 32 << 20)
/// ```
public struct DataCacheConfiguration: Sendable {
    /// The default time to live of an entry: 60 days.
    public static let defaultTimeToLive: TimeInterval = 60 * 24 * 60 * 60

    /// The prefix of every blob id the cache writes (`NAMESPACE/index`, `NAMESPACE/e/…`); two caches on one store
    /// need different namespaces, and no other blob of the store may start with it.
    public var namespace: String
    /// The most bytes of entry data the cache keeps; least recently used entries are evicted past it.
    public var maximumBytes: Int
    /// How long an entry stays fresh unless ``DataCache/store(_:for:timeToLive:)`` says otherwise.
    public var timeToLive: TimeInterval
    /// The source of the current time (entry ages).
    public var clock: InventoryClock

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - namespace: The blob id prefix; surrounding `/` are dropped and an empty one becomes `cache`.
    ///   - maximumBytes: The size limit in bytes (at least 0); 64 MiB by default.
    ///   - timeToLive: The default time to live; 60 days by default.
    ///   - clock: The clock; the system's by default.
    public init(
        namespace: String, maximumBytes: Int = 64 << 20, timeToLive: TimeInterval = defaultTimeToLive,
        clock: InventoryClock = .system
    ) {
        let trimmed = namespace.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.namespace = trimmed.isEmpty ? "cache" : trimmed
        self.maximumBytes = max(0, maximumBytes)
        self.timeToLive = max(0, timeToLive)
        self.clock = clock
    }
}
