import Foundation
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SQLiteStorage

// MARK: - Offline-first sync: the inventory journal

extension Scenario {
    /// `InventoryModuleService.syncPending` pushing S pending journal entries from a SQLite store to an
    /// `InMemoryInventoryRemote` (and the pull of the household that follows), against the same S entries
    /// committed straight into a second, empty SQLite store in batches of the push batch size.
    ///
    /// Both sides run on `SQLiteStorage` with the inventory module's native `SQLiteInventoryStore`, as
    /// `sync.push-pending` runs on `SQLiteStorage` with the native `SQLiteProductStore` (and as an app on SQLite —
    /// the Pantry example — keeps its inventory). `StorageInventoryStore` on the same provider would route every
    /// read and write through the generic `records` table instead; both sides use the one store, so the ratio is
    /// the cost of the sync pass over the bare write of what it delivers, not a comparison of two storages.
    static let syncPushInventory = Scenario(
        name: "sync.push-inventory",
        summary: "InventoryModuleService.syncPending: S pending journal entries, SQLite store -> InMemoryInventoryRemote vs the S entries committed into a second store in push-size batches",
        target: 3,
        timed: Timed(
            ours: "InventoryModuleService.syncPending(households:): push rounds to InMemoryInventoryRemote, settle "
                + "commits, the pull",
            baseline: "20 x SQLiteInventoryStore.commit of 500 entries into an empty store")
    ) { fixtures in
        let name = "sync.push-inventory"
        let count = fixtures.configuration.syncCount
        let household = InventoryBenchData.household
        let strategy = InventoryBenchData.strategy
        let empty = try await fixtures.emptyTemplate()
        // The local store with S pending entries, booked once through the service (untimed): exactly the journal
        // rows, outbox rows and sequence mark that `perform` commits, one command at a time.
        let pending = try await fixtures.copy(empty, as: "inventory-pending-template.sqlite")
        let queued: [InventoryJournalEntry]
        do {
            let storage = try SQLiteStorage(path: pending)
            let store = SQLiteInventoryStore(storage: storage)
            let uuids = InventoryBenchData.UUIDSource(seed: 0x1F0E_5EED)
            let service = InventoryModuleService(
                store: store, strategy: strategy, replicaID: BenchData.replica, clock: .constant(BenchData.now),
                random: .constant(0.5), makeUUID: { uuids.next() })
            var booked = 0
            for command in InventoryBenchData.setUp {
                booked += try await service.perform(command, in: household).entries.count
            }
            var index = 0
            while booked < count {
                booked += try await service.perform(InventoryBenchData.purchase(index), in: household).entries.count
                index += 1
            }
            // What the push rounds will send, in their order.
            queued = try await store.pendingOutbox(limit: count).map(\.payload.entry)
            guard booked == count, try await service.pendingCount() == count, queued.count == count else {
                throw BenchmarkError.setup("the inventory outbox holds \(queued.count) entries, not \(count)")
            }
            try storage.close()
            try BenchFixtures.checkpoint(pending)
        }
        let expected = try JournalDigest(queued)
        // The baseline's commits: the journal entries alone, in the push rounds' batches.
        let batches = stride(from: 0, to: queued.count, by: strategy.pushBatchSize).map { start in
            var transaction = InventoryLocalTransaction()
            transaction.entries = Array(queued[start..<min(start + strategy.pushBatchSize, queued.count)])
            return transaction
        }
        let digests = JournalDigests()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(pending, as: "inventory-sync-ours.sqlite")
                let storage = try SQLiteStorage(path: path)
                let remote = InMemoryInventoryRemote()
                let service = InventoryModuleService(
                    store: SQLiteInventoryStore(storage: storage), remote: remote, strategy: strategy,
                    replicaID: BenchData.replica, clock: .constant(BenchData.now), random: .constant(0.5))
                var report: InventorySyncReport?
                let seconds = try await Stopwatch.time { report = try await service.syncPending(households: [household]) }
                guard let report, report.pushed == count, report.remaining == 0, report.failed == 0,
                    await remote.appendedCount == count
                else {
                    throw BenchmarkError.mismatch(
                        scenario: name, detail: "pushed \(report?.pushed ?? 0), remaining \(report?.remaining ?? -1)")
                }
                try storage.close()
                await digests.record(try JournalDigest(await remote.entries(of: household)), side: .ours)
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(empty, as: "inventory-sync-baseline.sqlite")
                let storage = try SQLiteStorage(path: path)
                let store = SQLiteInventoryStore(storage: storage)
                let seconds = try await Stopwatch.time {
                    for batch in batches { try await store.commit(batch) }
                }
                await digests.record(try JournalDigest(try await store.entries(of: household)), side: .baseline)
                try storage.close()
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await digests.verify(name, expected: expected) },
            finish: { fixtures.removeDatabase(pending) })
    }
}
