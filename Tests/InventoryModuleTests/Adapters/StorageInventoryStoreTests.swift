import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

@Suite("StorageInventoryStore: conformance, and an outbox sequence that outlives its entries")
struct StorageInventoryStoreTests {
    private static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())

    @Test("keeps the InventoryJournalStore contract on the in-memory provider")
    func conformance() async {
        let report = await InventoryStoreConformance { StorageInventoryStore(storage: InMemoryStorageProvider()) }.run()
        #expect(report.failures == [])
        #expect(report.passed == InventoryStoreConformance.checkNames)
    }

    @Test("the last outbox sequence survives acknowledging every entry and reopening the store")
    func lastSequenceSurvivesReopening() async throws {
        let storage = InMemoryStorageProvider()
        let entries = (1...5).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().map { InventoryOutboxEntry.fixture($1, sequence: $0 + 1) }
        try await StorageInventoryStore(storage: storage).commit(transaction)
        var acknowledge = InventoryLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.id)
        try await StorageInventoryStore(storage: storage).commit(acknowledge)

        let reopened = StorageInventoryStore(storage: storage)
        #expect(try await reopened.outboxCount() == 0)
        #expect(try await reopened.lastOutboxSequence() == 5)
        let restarted = StorageInventoryStore(storage: InMemoryStorageProvider(await storage.snapshot()))
        #expect(try await restarted.lastOutboxSequence() == 5)
    }

    @Test("a store written before the mark existed keeps its highest sequence when its entries are acknowledged")
    func storeWithoutMark() async throws {
        let storage = InMemoryStorageProvider()
        let entries = (1...4).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        // The outbox as an earlier version left it: entries, no mark.
        for (index, entry) in entries.enumerated() {
            try await storage.userMetadata.save(InventoryOutboxEntry.fixture(entry, sequence: index + 7))
        }
        let store = StorageInventoryStore(storage: storage)
        #expect(try await store.lastOutboxSequence() == 10)
        var retry = InventoryLocalTransaction()
        retry.outboxEntries = [InventoryOutboxEntry.fixture(entries[0], sequence: 7, quarantined: true)]
        try await store.commit(retry)
        var acknowledge = InventoryLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.id)
        try await store.commit(acknowledge)
        #expect(try await store.outboxCount() == 0)
        #expect(try await StorageInventoryStore(storage: storage).lastOutboxSequence() == 10)
    }

    @Test("concurrent commits leave the mark at the highest sequence any of them committed")
    func concurrentCommits() async throws {
        let storage = InMemoryStorageProvider()
        let store = StorageInventoryStore(storage: storage)
        let entries = (1...40).map { InventoryJournalEntry.fixture(number: $0, in: Self.home) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, entry) in entries.enumerated() {
                group.addTask {
                    var transaction = InventoryLocalTransaction()
                    transaction.outboxEntries = [InventoryOutboxEntry.fixture(entry, sequence: index + 1)]
                    try await store.commit(transaction)
                }
            }
            try await group.waitForAll()
        }
        var acknowledge = InventoryLocalTransaction()
        acknowledge.removedOutboxEntries = entries.map(\.id)
        try await store.commit(acknowledge)
        #expect(try await store.lastOutboxSequence() == 40)
    }

    @Test("quarantinedOutbox pages through more quarantined entries than one query returns")
    func manyQuarantinedEntries() async throws {
        let store = StorageInventoryStore(storage: InMemoryStorageProvider())
        let count = RecordQuery.maximumLimit + 5
        var transaction = InventoryLocalTransaction()
        transaction.outboxEntries = (1...count).reversed().map {
            InventoryOutboxEntry.fixture(.fixture(number: $0, in: Self.home), sequence: $0, quarantined: $0 % 2 == 1)
        }
        try await store.commit(transaction)
        let quarantined = try await store.quarantinedOutbox().map(\.sequence)
        #expect(quarantined == Array(stride(from: Int64(1), through: Int64(count), by: 2)))
    }
}
