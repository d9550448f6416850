import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("DataCache")
struct DataCacheTests {
    static func cache(_ store: any DataStore, clock: ManualClock, maximumBytes: Int = 1_000, ttl: TimeInterval = 100) -> DataCache {
        DataCache(
            store: store,
            configuration: DataCacheConfiguration(namespace: "cache/test", maximumBytes: maximumBytes, timeToLive: ttl, clock: clock.clock))
    }

    static func bytes(_ count: Int, seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed })
    }

    @Test("10,000 seeded random operations agree with a reference model of LRU, TTL and the size limit")
    func propertyAgainstReferenceModel() async throws {
        for seed: UInt64 in [1, 2] {
            var random = SeededRandomNumberGenerator(seed: seed)
            let clock = ManualClock()
            let store = InMemoryStorageProvider().domainData
            let cache = Self.cache(store, clock: clock, maximumBytes: 600, ttl: 50)
            var model = DataCacheReferenceModel(maximumBytes: 600)
            for step in 0..<10_000 {
                let key = "k\(Int.random(in: 0..<24, using: &random))"
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<45:
                    let expected = model.get(key, now: clock.now)
                    let actual = try await cache.data(for: key)
                    #expect(actual == expected, "step \(step) get \(key)")
                case 45..<85:
                    let size = Int.random(in: 0..<100, using: &random) == 0 ? 700 : Int.random(in: 0...150, using: &random)
                    let ttl = TimeInterval(Int.random(in: 1...60, using: &random))
                    let value = Self.bytes(size, seed: UInt8(truncatingIfNeeded: step))
                    model.put(key, value, ttl: ttl, now: clock.now)
                    try await cache.store(value, for: key, timeToLive: ttl)
                case 85..<90:
                    model.remove(key)
                    try await cache.remove(key)
                default:
                    clock.advance(by: TimeInterval(Int.random(in: 1...10, using: &random)))
                }
                let keys = try await cache.keys()
                if keys != model.keys {
                    Issue.record("step \(step): cache holds \(keys), the model \(model.keys)")
                    return
                }
            }
            let stats = try await cache.statistics()
            #expect(stats.hits == model.hits && stats.misses == model.misses)
            #expect(stats.evictions == model.evictions && stats.expirations == model.expirations)
            #expect(stats.rejections == model.rejections)
            #expect(stats.totalBytes <= 600)
            #expect(stats.corruptionsDetected == 0)
        }
    }

    @Test("a cache opened again on the same store keeps its entries, recency and bounds")
    func restartKeepsTheCache() async throws {
        let clock = ManualClock()
        let store = InMemoryStorageProvider().domainData
        let first = Self.cache(store, clock: clock)
        try await first.store(Self.bytes(300, seed: 1), for: "a")
        try await first.store(Self.bytes(300, seed: 2), for: "b")
        _ = try await first.data(for: "a")
        try await first.flush()
        let second = Self.cache(store, clock: clock)
        #expect(try await second.data(for: "b") == Self.bytes(300, seed: 2))
        #expect(try await second.keys() == ["a", "b"])
        try await second.store(Self.bytes(500, seed: 3), for: "c")
        // "a" was the least recently used of the reopened cache.
        #expect(try await second.keys() == ["b", "c"])
        #expect(try await store.list(after: nil, limit: 100).count == 3)   // the index and two entries
    }

    @Test("a damaged index is detected, every blob of the namespace discarded, and the cache rebuilt empty")
    func damagedIndexIsRebuilt() async throws {
        let clock = ManualClock()
        let store = InMemoryStorageProvider().domainData
        let first = Self.cache(store, clock: clock)
        try await first.store(Self.bytes(100, seed: 1), for: "a")
        let indexID = try RecordID("cache/test/index")
        var damaged = try #require(try await store.read(indexID))
        damaged[damaged.count - 3] ^= 0x20
        try await store.write(damaged, to: indexID)
        let reopened = Self.cache(store, clock: clock)
        #expect(try await reopened.data(for: "a") == nil)
        #expect(try await reopened.statistics().corruptionsDetected == 1)
        #expect(try await store.list(after: nil, limit: 100) == [indexID])
        try await reopened.store(Self.bytes(10, seed: 2), for: "b")
        #expect(try await Self.cache(store, clock: clock).data(for: "b") == Self.bytes(10, seed: 2))
    }

    @Test("an entry whose bytes were changed on disk is detected by its checksum, dropped and reads as a miss")
    func damagedEntryIsDropped() async throws {
        let clock = ManualClock()
        let store = InMemoryStorageProvider().domainData
        let cache = Self.cache(store, clock: clock)
        try await cache.store(Self.bytes(100, seed: 1), for: "a")
        let entryID = try #require(try await store.list(after: nil, limit: 10).first { $0.rawValue.contains("/e/") })
        try await store.write(Self.bytes(100, seed: 9), to: entryID)
        #expect(try await Self.cache(store, clock: clock).data(for: "a") == nil)
        let reopened = Self.cache(store, clock: clock)
        #expect(try await reopened.keys().isEmpty)
    }

    @Test("an entry blob orphaned by a crash between the entry write and the index write is removed on open")
    func orphanBlobsAreRemoved() async throws {
        let store = InMemoryStorageProvider().domainData
        try await store.write(Data("orphan".utf8), to: try RecordID("cache/test/e/0000.7"))
        try await store.write(Data("other".utf8), to: try RecordID("zzz/outside"))
        _ = try await Self.cache(store, clock: ManualClock()).keys()
        #expect(try await store.list(after: nil, limit: 10).map(\.rawValue) == ["zzz/outside"])
    }

    @Test("an entry larger than the limit is refused and an older value for its key removed")
    func oversizedEntryIsRefused() async throws {
        let cache = Self.cache(InMemoryStorageProvider().domainData, clock: ManualClock(), maximumBytes: 100)
        try await cache.store(Self.bytes(10, seed: 1), for: "a")
        #expect(try await cache.store(Self.bytes(101, seed: 1), for: "a") == false)
        #expect(try await cache.data(for: "a") == nil)
        #expect(try await cache.statistics().rejections == 1)
    }

    @Test("an entry being read is never evicted; its blob is deleted once the read ends")
    func entryBeingReadIsNotEvicted() async throws {
        let gate = GatedDataStore(InMemoryStorageProvider().domainData)
        let cache = Self.cache(gate, clock: ManualClock(), maximumBytes: 200)
        try await cache.store(Self.bytes(150, seed: 1), for: "read")
        await gate.holdReads()
        let reader = Task { try await cache.data(for: "read") }
        await gate.waitForHeldRead()
        try await cache.store(Self.bytes(150, seed: 2), for: "new")
        // "read" is pinned: the cache goes over its limit rather than evict it.
        #expect(try await cache.keys() == ["read", "new"])
        await gate.releaseReads()
        #expect(try await reader.value == Self.bytes(150, seed: 1))
        try await cache.store(Self.bytes(10, seed: 3), for: "small")
        #expect(try await cache.keys() == ["new", "small"])
    }

    @Test("concurrent reads and writes of overlapping keys never return bytes that were not written for the key")
    func concurrentReadsAndWrites() async throws {
        let clock = ManualClock()
        let store = InMemoryStorageProvider().domainData
        let cache = Self.cache(store, clock: clock, maximumBytes: 2_000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for round in 0..<40 {
                        let key = "k\((worker + round) % 6)"
                        if round % 3 == 0 {
                            try await cache.store(Data(repeating: UInt8((worker + round) % 6), count: 100 + round), for: key)
                        } else if let data = try await cache.data(for: key) {
                            #expect(data.allSatisfy { $0 == UInt8((worker + round) % 6) })
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let stats = try await cache.statistics()
        #expect(stats.corruptionsDetected == 0)
        #expect(stats.totalBytes <= 2_000)
        let reopened = Self.cache(store, clock: clock, maximumBytes: 2_000)
        #expect(try await reopened.keys().sorted() == (try await cache.keys()).sorted())
        #expect(try await store.list(after: nil, limit: 100).count == (try await cache.keys()).count + 1)
    }
}
