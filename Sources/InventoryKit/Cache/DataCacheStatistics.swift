/// What a ``DataCache`` holds and what happened to it since it was opened.
public struct DataCacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Reads that returned an entry.
    public var hits = 0
    /// Reads that found no fresh, intact entry (absent, expired or corrupted).
    public var misses = 0
    /// Entries written.
    public var writes = 0
    /// Entries refused because they alone are larger than the size limit.
    public var rejections = 0
    /// Entries removed to stay under the size limit, least recently used first.
    public var evictions = 0
    /// Entries removed because their time to live ran out.
    public var expirations = 0
    /// Damage found on disk: an index that failed its checksum (the cache was then rebuilt empty) or an entry
    /// whose bytes did not match their checksum (the entry was then dropped).
    public var corruptionsDetected = 0
    /// Entries held now.
    public var entryCount = 0
    /// Bytes of entry data held now.
    public var totalBytes = 0

    /// Empty statistics.
    public init() {}

    /// One line: hits, misses, evictions, expirations, corruptions, entries and bytes.
    public var description: String {
        "\(hits) hits, \(misses) misses, \(evictions) evictions, \(expirations) expirations, "
            + "\(corruptionsDetected) corruptions; \(entryCount) entries, \(totalBytes) bytes"
    }
}
