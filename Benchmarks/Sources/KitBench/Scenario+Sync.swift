import Foundation
import InventoryKit
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage

// MARK: - Offline-first sync

extension Scenario {
    /// `ProductModuleService.syncPending` pushing S pending adds from a SQLite store to an `InMemoryProductRemote`
    /// (and the pull that follows), against one `SQLiteProductStore.commit` writing the same S products, synced,
    /// with their sync records, straight into a second, empty SQLite store.
    static let syncPush = Scenario(
        name: "sync.push-pending",
        summary: "ProductModuleService.syncPending: S pending adds, SQLite store -> InMemoryProductRemote vs one commit of the S products into a second store",
        target: 3,
        timed: Timed(
            ours: "ProductModuleService.syncPending(): push rounds to InMemoryProductRemote, settle commits, the pull; "
                + "store opened before",
            baseline: "one SQLiteProductStore.commit of the S products (synced) and sync records into an empty store")
    ) { fixtures in
        let count = fixtures.configuration.syncCount
        let products = Array(await fixtures.products().prefix(count))
        let empty = try await fixtures.emptyTemplate()
        // The local store with S pending changes: what ProductModuleService.addProducts commits for them.
        let pending = try await fixtures.copy(empty, as: "sync-pending-template.sqlite")
        do {
            let storage = try SQLiteStorage(path: pending)
            let store = SQLiteProductStore(storage: storage)
            try await store.commit(BenchData.addTransaction(products))
            guard try await store.outboxCount() == count else { throw BenchmarkError.setup("the outbox is not full") }
            try storage.close()
            try BenchFixtures.checkpoint(pending)
        }
        let synced = BenchData.syncedTransaction(products)
        let counts = RowCounts()
        return ScenarioRun(
            ours: {
                let path = try await fixtures.copy(pending, as: "sync-ours.sqlite")
                let storage = try SQLiteStorage(path: path)
                let remote = InMemoryProductRemote()
                let service = ProductModuleService(
                    store: SQLiteProductStore(storage: storage), remote: remote, replicaID: BenchData.replica,
                    clock: .constant(BenchData.now))
                var report: ProductSyncReport?
                let seconds = try await Stopwatch.time { report = try await service.syncPending() }
                guard let report, report.pushed == count, report.remaining == 0, await remote.appliedCount == count else {
                    throw BenchmarkError.mismatch(
                        scenario: "sync.push-pending", detail: "pushed \(report?.pushed ?? 0), remaining \(report?.remaining ?? -1)")
                }
                try storage.close()
                await counts.record(await remote.products().count, side: .ours)
                fixtures.removeDatabase(path)
                return seconds
            },
            baseline: {
                let path = try await fixtures.copy(empty, as: "sync-baseline.sqlite")
                let storage = try SQLiteStorage(path: path)
                let store = SQLiteProductStore(storage: storage)
                let seconds = try await Stopwatch.time { try await store.commit(synced) }
                try storage.close()
                await counts.record(try RawDatabase(path: path).count("products"), side: .baseline)
                fixtures.removeDatabase(path)
                return seconds
            },
            verify: { try await counts.verify("sync.push-pending", expected: count) },
            finish: { fixtures.removeDatabase(pending) })
    }
}
