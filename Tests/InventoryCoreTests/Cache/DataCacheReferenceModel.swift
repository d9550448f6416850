import Foundation

/// The simplest cache with the rules a `DataCache` must keep: a size limit with least-recently-used eviction
/// (the entry just written is never the one evicted), a time to live per entry, and entries larger than the
/// limit refused. The property test runs both on the same operations.
struct DataCacheReferenceModel {
    struct Entry {
        var value: Data
        var expiresAt: Date
        var lastUse: Int
    }

    let maximumBytes: Int
    private(set) var entries: [String: Entry] = [:]
    private var tick = 0
    private(set) var hits = 0, misses = 0, evictions = 0, expirations = 0, rejections = 0

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Keys from least to most recently used.
    var keys: [String] { entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key) }

    mutating func get(_ key: String, now: Date) -> Data? {
        guard let entry = entries[key] else {
            misses += 1
            return nil
        }
        if entry.expiresAt <= now {
            entries[key] = nil
            expirations += 1
            misses += 1
            return nil
        }
        tick += 1
        entries[key]?.lastUse = tick
        hits += 1
        return entry.value
    }

    mutating func put(_ key: String, _ value: Data, ttl: TimeInterval, now: Date) {
        guard value.count <= maximumBytes else {
            rejections += 1
            entries[key] = nil
            return
        }
        tick += 1
        entries[key] = Entry(value: value, expiresAt: now.addingTimeInterval(ttl), lastUse: tick)
        for (other, entry) in entries where other != key && entry.expiresAt <= now {
            entries[other] = nil
            expirations += 1
        }
        while entries.values.reduce(0, { $0 + $1.value.count }) > maximumBytes,
            let oldest = entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            entries[oldest.key] = nil
            evictions += 1
        }
    }

    mutating func remove(_ key: String) {
        entries[key] = nil
    }
}
