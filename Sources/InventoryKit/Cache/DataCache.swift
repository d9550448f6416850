import Foundation

/// A bounded cache of blobs (images, raw API responses) on a ``DataStore`` — typically a provider's
/// ``StorageProvider/domainData`` — that survives restarts.
///
/// - **Bounds**: a size limit in bytes with least-recently-used eviction, and a time to live per entry (60 days by
///   default); an expired entry is never returned.
/// - **Atomic writes**: an entry's bytes go to a blob of their own (a new one per write), then the index that
///   names it is replaced in one atomic write; a crash in between leaves an orphan blob, removed on the next open.
/// - **Damage is detected, not trusted**: the index carries a SHA-1 checksum and every entry the SHA-1 of its
///   bytes. An index that fails its check is discarded with every blob of the namespace (the cache is rebuilt
///   empty); an entry that fails its check is dropped and reads as a miss. Both count in
///   ``DataCacheStatistics/corruptionsDetected``.
/// - **Never evicts what is being read**: an entry being read is pinned; eviction skips it (the cache may stay
///   over its limit until the read ends) and a replaced or evicted blob is deleted only when its last reader is
///   done.
/// - **Counts**: hits, misses, evictions and expirations in ``statistics()``.
///
/// It lives in the core because it knows nothing of products: any module can cache blobs on any provider's
/// data store with it.
///
/// ```swift
/// let cache = DataCache(store: provider.domainData, configuration: DataCacheConfiguration(namespace: "cache/images"))
/// try await cache.store(imageBytes, for: "https://images.example/front.jpg")
/// let bytes = try await cache.data(for: "https://images.example/front.jpg")
/// ```
public actor DataCache {
    /// The store the entries and the index are kept in.
    public nonisolated let store: any DataStore
    /// The bounds and the clock.
    public nonisolated let configuration: DataCacheConfiguration

    private var index: DataCacheIndex?
    private var loading: Task<(DataCacheIndex, Bool), any Error>?
    private var stats = DataCacheStatistics()
    private var pins: [RecordID: Int] = [:]
    private var deferredDeletes: Set<RecordID> = []
    private var changeCount = 0
    private var persistedCount = 0
    private var persisting: Task<Void, any Error>?

    /// Creates a cache; it reads its index on first use.
    public init(store: any DataStore, configuration: DataCacheConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    // MARK: - API

    /// The bytes cached for `key`, or `nil` when there is no fresh, intact entry; a hit makes the entry the most
    /// recently used.
    ///
    /// - Throws: ``StorageError`` when the store fails.
    public func data(for key: String) async throws -> Data? {
        try await load()
        guard let entry = index?.entries[key] else {
            stats.misses += 1
            return nil
        }
        if entry.expiresAt <= configuration.clock.now() {
            try await drop(key, generation: entry.generation)
            stats.expirations += 1
            stats.misses += 1
            try await persist()
            return nil
        }
        touch(key)
        let blob = try blobID(key, entry.generation)
        pins[blob, default: 0] += 1
        let read: Result<Data?, any Error>
        do { read = .success(try await store.read(blob)) } catch { read = .failure(error) }
        try await unpin(blob)
        let bytes: Data?
        switch read {
        case .success(let value): bytes = value
        case .failure(let error as StorageError) where error.isDamagedData: bytes = nil
        case .failure(let error): throw error
        }
        guard let bytes, bytes.count == entry.size, SHA1.hexDigest(bytes) == entry.digest else {
            stats.corruptionsDetected += 1
            stats.misses += 1
            try await drop(key, generation: entry.generation)
            try await persist()
            return nil
        }
        stats.hits += 1
        return bytes
    }

    /// Caches `data` under `key`, replacing what was there, then evicts expired and least recently used entries
    /// until the cache fits its size limit.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - key: Any string (a URL, a barcode); it is hashed into the blob id.
    ///   - timeToLive: How long the entry stays fresh; the configuration's by default.
    /// - Returns: `false` when `data` alone is larger than the size limit: it is not cached and an older entry for
    ///   `key` is removed.
    /// - Throws: ``StorageError`` when the store fails; the cache then holds the previous entry or none.
    @discardableResult
    public func store(_ data: Data, for key: String, timeToLive: TimeInterval? = nil) async throws -> Bool {
        try await load()
        guard data.count <= configuration.maximumBytes else {
            stats.rejections += 1
            if let old = index?.entries[key] {
                try await drop(key, generation: old.generation)
                try await persist()
            }
            return false
        }
        guard var current = index else { return false }
        let generation = current.nextGeneration
        current.nextGeneration += 1
        index = current
        let blob = try blobID(key, generation)
        try await store.write(data, to: blob)
        let expiresAt = configuration.clock.now().addingTimeInterval(max(0, timeToLive ?? configuration.timeToLive))
        // The index names the new blob before the old one is retired, so no reader can pin a blob being deleted.
        let old = index?.entries[key]
        index?.entries[key] = DataCacheIndex.Entry(
            generation: generation, size: data.count, digest: SHA1.hexDigest(data), expiresAt: expiresAt, lastUse: 0)
        touch(key)
        if let old { try await retire(try blobID(key, old.generation)) }
        stats.writes += 1
        try await evict(keeping: key)
        try await persist()
        return true
    }

    /// Removes the entry for `key`.
    ///
    /// - Returns: whether there was one.
    /// - Throws: ``StorageError`` when the store fails.
    @discardableResult
    public func remove(_ key: String) async throws -> Bool {
        try await load()
        guard let entry = index?.entries[key] else { return false }
        try await drop(key, generation: entry.generation)
        try await persist()
        return true
    }

    /// The keys held now, least recently used first (expired entries included until they are read or evicted).
    ///
    /// - Throws: ``StorageError`` when the store fails on first use.
    public func keys() async throws -> [String] {
        try await load()
        return (index?.entries ?? [:]).sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }

    /// The counts since this cache was opened, and what it holds now.
    ///
    /// - Throws: ``StorageError`` when the store fails on first use.
    public func statistics() async throws -> DataCacheStatistics {
        try await load()
        var value = stats
        value.entryCount = index?.entries.count ?? 0
        value.totalBytes = index?.totalBytes ?? 0
        return value
    }

    /// Writes the index now, so the order of recent reads survives a restart too (writes persist at once).
    ///
    /// - Throws: ``StorageError`` when the store fails.
    public func flush() async throws {
        try await load()
        changeCount += 1
        try await persist()
    }

    // MARK: - Entries

    private func touch(_ key: String) {
        guard var current = index, current.entries[key] != nil else { return }
        current.tick += 1
        current.entries[key]?.lastUse = current.tick
        index = current
    }

    /// Removes an entry (when it is still the given generation) and retires its blob.
    private func drop(_ key: String, generation: UInt64) async throws {
        guard let entry = index?.entries[key], entry.generation == generation else { return }
        index?.entries[key] = nil
        try await retire(try blobID(key, generation))
    }

    private func evict(keeping kept: String) async throws {
        let now = configuration.clock.now()
        for (key, entry) in index?.entries ?? [:] where key != kept && entry.expiresAt <= now {
            try await drop(key, generation: entry.generation)
            stats.expirations += 1
        }
        var total = index?.totalBytes ?? 0
        guard total > configuration.maximumBytes else { return }
        let candidates = (index?.entries ?? [:]).filter { $0.key != kept }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in candidates where total > configuration.maximumBytes {
            guard let blob = try? blobID(key, entry.generation), pins[blob, default: 0] == 0 else { continue }
            guard index?.entries[key]?.generation == entry.generation else { continue }
            total -= entry.size
            try await drop(key, generation: entry.generation)
            stats.evictions += 1
        }
    }

    // MARK: - Blobs

    private var indexID: RecordID {
        get throws { try RecordID(configuration.namespace + "/index") }
    }

    private func blobID(_ key: String, _ generation: UInt64) throws -> RecordID {
        try RecordID("\(configuration.namespace)/e/\(SHA1.hexDigest(Data(key.utf8))).\(generation)")
    }

    /// Deletes a blob no entry names any more, or defers that until its last reader is done.
    private func retire(_ blob: RecordID) async throws {
        changeCount += 1
        if pins[blob, default: 0] > 0 {
            deferredDeletes.insert(blob)
        } else {
            try await store.delete(blob)
        }
    }

    private func unpin(_ blob: RecordID) async throws {
        let left = pins[blob, default: 1] - 1
        pins[blob] = left > 0 ? left : nil
        if left <= 0, deferredDeletes.remove(blob) != nil {
            try await store.delete(blob)
        }
    }

    // MARK: - Index

    /// Writes the index until every change made so far is stored; one write at a time, in order.
    private func persist() async throws {
        changeCount += 1
        let wanted = changeCount
        while persistedCount < wanted {
            if let running = persisting {
                _ = try? await running.value
                // Whoever resumes first clears the finished write, so no caller spins on it.
                if persisting == running { persisting = nil }
                continue
            }
            guard let snapshot = index else { return }
            let covered = changeCount
            let bytes = try snapshot.encoded()
            let target = try indexID
            let store = store
            let task = Task { try await store.write(bytes, to: target) }
            persisting = task
            defer { if persisting == task { persisting = nil } }
            try await task.value
            persistedCount = max(persistedCount, covered)
        }
    }

    /// Reads the index on first use; concurrent first calls share one read.
    private func load() async throws {
        if index != nil { return }
        let task: Task<(DataCacheIndex, Bool), any Error>
        if let running = loading {
            task = running
        } else {
            let store = store
            let namespace = configuration.namespace
            let target = try indexID
            task = Task { try await Self.open(store: store, namespace: namespace, indexID: target) }
            loading = task
        }
        do {
            let (opened, damaged) = try await task.value
            if index == nil {
                index = opened
                if damaged { stats.corruptionsDetected += 1 }
            }
            loading = nil
        } catch {
            loading = nil
            throw error
        }
    }

    /// Reads and checks the index, and deletes every blob of the namespace it does not name: orphans of a crash,
    /// or everything when the index is damaged (then the empty index is written at once).
    private static func open(
        store: any DataStore, namespace: String, indexID: RecordID
    ) async throws -> (DataCacheIndex, Bool) {
        let stored: Data?
        do { stored = try await store.read(indexID) } catch let error as StorageError where error.isDamagedData { stored = Data() }
        var damaged = false
        var index = DataCacheIndex()
        if let stored {
            if let decoded = DataCacheIndex.decode(stored) { index = decoded } else { damaged = true }
        }
        var named: Set<String> = []
        for (key, entry) in index.entries {
            named.insert("\(namespace)/e/\(SHA1.hexDigest(Data(key.utf8))).\(entry.generation)")
        }
        let prefix = namespace + "/e/"
        var after = try RecordID(prefix)
        scan: while true {
            let page = try await store.list(after: after, limit: 200)
            for id in page {
                guard id.rawValue.hasPrefix(prefix) else { break scan }
                if !named.contains(id.rawValue) { try await store.delete(id) }
            }
            guard let last = page.last, page.count == 200 else { break }
            after = last
        }
        if damaged { try await store.write(try index.encoded(), to: indexID) }
        return (index, damaged)
    }
}
