import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("InMemoryStorageProvider commits are staged: atomic, and in time proportional to the batch")
struct InMemoryStagedCommitTests {
    private static func record(_ id: String, _ payload: String = "") throws -> StoredRecord {
        StoredRecord(id: try RecordID(id), payload: Data(payload.utf8), fields: ["n": .string(payload)])
    }

    @Test("later writes of a batch see the earlier ones: put, update, delete and re-create one id in one commit")
    func writesSeeEarlierWrites() async throws {
        let storage = InMemoryStorageProvider()
        try await storage.domainMetadata.apply([
            .put(try Self.record("a", "1"), in: "c", precondition: .absent),
            .put(try Self.record("a", "2"), in: "c", precondition: .revision(1)),
            .delete(try RecordID("a"), in: "c", precondition: .revision(2)),
            .put(try Self.record("a", "3"), in: "c", precondition: .absent),
        ])
        let stored = try await storage.domainMetadata.record(try RecordID("a"), in: "c")
        #expect(stored?.revision == 1 && stored?.payload == Data("3".utf8))
    }

    @Test("a failed precondition in either scope writes nothing, not even the writes staged before it")
    func failedPreconditionWritesNothing() async throws {
        let storage = InMemoryStorageProvider()
        try await storage.domainMetadata.put(try Self.record("kept", "x"), in: "c")
        let before = await storage.snapshot()
        let batch = StorageBatch(
            user: [.put(try Self.record("u"), in: "c"), .delete(try RecordID("kept"), in: "c")],
            domain: [
                .put(try Self.record("new"), in: "c"), .delete(try RecordID("kept"), in: "c"),
                .put(try Self.record("kept", "y"), in: "c", precondition: .revision(1)),
            ])
        await #expect(throws: StorageError.self) { try await storage.commit(batch) }
        #expect(await storage.snapshot() == before)
        await #expect(throws: StorageError.self) {
            try await storage.domainMetadata.apply([.put(try Self.record("other"), in: "c"), .put(try Self.record("bad"), in: "c", precondition: .revision(99))])
        }
        #expect(await storage.snapshot() == before)
    }

    @Test("a snapshot taken before a commit keeps the old state")
    func snapshotsAreValues() async throws {
        let storage = InMemoryStorageProvider()
        try await storage.domainMetadata.put(try Self.record("a", "1"), in: "c")
        let before = await storage.snapshot()
        try await storage.domainMetadata.put(try Self.record("a", "2"), in: "c")
        #expect(before.records[.domain]?["c"]?[try RecordID("a")]?.payload == Data("1".utf8))
    }

    @Test("single-record commits cost the same into 40 000 records as into 400")
    func commitCostDoesNotGrowWithTheStore() async throws {
        func seconds(storedCount: Int) async throws -> Double {
            let storage = InMemoryStorageProvider()
            for start in stride(from: 0, to: storedCount, by: 2_000) {
                try await storage.domainMetadata.apply(
                    try (start..<min(start + 2_000, storedCount)).map { .put(try Self.record("r\($0)"), in: "c") })
            }
            let extra = try (0..<1_000).map { try Self.record("x\($0)") }
            let clock = ContinuousClock()
            let start = clock.now
            for record in extra { try await storage.commit(StorageBatch(domain: [.put(record, in: "c")])) }
            let elapsed = start.duration(to: clock.now).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }
        let small = try await seconds(storedCount: 400)
        let large = try await seconds(storedCount: 40_000)
        // A copy of the collection per commit would make the large store ~100x slower.
        #expect(large < max(small, 0.01) * 8, "400 records: \(small) s, 40 000 records: \(large) s")
    }
}
