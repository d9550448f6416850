import Foundation
import InventoryKit
import InventoryModule
import InventoryModuleTesting
import InventorySync
import SQLiteStorage

// MARK: - Inventory at scale: pulling a household onto a new device

extension Scenario {
    /// A new device pulling the large household: `InventoryModuleService.syncPending(households:)` on an empty
    /// SQLite store, from an `InMemoryInventoryRemote` holding the household's journal, until its background
    /// checkpoints are written too — against one commit of the same entries into an empty `SQLiteInventoryStore`
    /// and one `InventoryProjector.project` of them. Both, at every size of the run, are its `by_size`.
    static let inventoryPull = Scenario(
        name: "inventory.pull",
        summary: "syncPending on an empty device pulling the 100k-entry household from InMemoryInventoryRemote (+ its background checkpoints) vs one commit of the entries + one InventoryProjector.project",
        target: 2,
        timed: Timed(
            ours: "syncPending of an empty device from InMemoryInventoryRemote + waiting for its background checkpoints",
            baseline: "one commit of the entries into an empty store + one InventoryProjector.project")
    ) { fixtures in
        let name = "inventory.pull"
        let household = InventoryHouseholdCatalog.household
        let template = try await InventoryHistoryTemplates.shared.template(
            fixtures.configuration.inventoryScale.large, fixtures: fixtures)
        let empty = try await fixtures.emptyTemplate()
        let remote = try await makeRemote(holding: template)
        let strategy = InventorySyncStrategy.standard
        // What the remote's own page reads cost, inside ours (the test remote filters its journal on every page).
        let paging = try await Stopwatch.time {
            var cursor: Int64?
            var more = true
            while more {
                let page = try await remote.changes(of: household, after: cursor, limit: strategy.pullBatchSize)
                cursor = page.cursor
                more = page.hasMore
            }
        }
        ScaleLog.write("   \(template.entryCount) entries in the remote; its page reads alone take \(Report.formatSeconds(paging))")
        let checks = InventoryScaleChecks()
        // The pull at every size, the kit's and the floor: the cost against history size.
        var remotes = [template.entryCount: remote]
        let templates = try await InventoryScaleCosts.templates(fixtures)
        for sized in templates where remotes[sized.entryCount] == nil {
            remotes[sized.entryCount] = try await makeRemote(holding: sized)
        }
        let bySize = try await InventoryScaleCosts.measure("pull", templates) { sized in
            guard let holding = remotes[sized.entryCount] else { throw BenchmarkError.setup("no remote of \(sized.entryCount)") }
            return try await pullOnce(sized, from: holding, empty: empty, fixtures: fixtures, checks: checks)
        } floor: { sized in
            try await commitAndProject(sized, empty: empty, fixtures: fixtures, checks: checks)
        }
        return ScenarioRun(
            ours: { try await pullOnce(template, from: remote, empty: empty, fixtures: fixtures, checks: checks) },
            baseline: { try await commitAndProject(template, empty: empty, fixtures: fixtures, checks: checks) },
            verify: { try await checks.verify(name, compareSides: false) },
            bySize: bySize)
    }

    /// How far the pull may raise the process's peak resident size (``PhasePeakMemory``) at the large size: what a
    /// phone leaves an app, with the household's own state in it.
    static let inventoryPullPeakGrowthLimit = 300 * 1_048_576

    /// An `InMemoryInventoryRemote` holding `template`'s journal, pushed 1 000 entries at a time (untimed).
    private static func makeRemote(holding template: InventoryHistoryTemplate) async throws -> InMemoryInventoryRemote {
        let remote = InMemoryInventoryRemote()
        for start in stride(from: 0, to: template.entries.count, by: 1_000) {
            _ = try await remote.push(Array(template.entries[start..<min(start + 1_000, template.entries.count)]))
        }
        return remote
    }

    /// Ours: a new device's `syncPending` from `remote` into a copy of the empty template, and its background
    /// checkpoints; records a failed check when the pull misses entries, ends in another state or grows the peak
    /// resident size by more than ``inventoryPullPeakGrowthLimit``.
    private static func pullOnce(
        _ template: InventoryHistoryTemplate, from remote: InMemoryInventoryRemote, empty: String,
        fixtures: BenchFixtures, checks: InventoryScaleChecks
    ) async throws -> Double {
        let household = InventoryHouseholdCatalog.household
        let path = try await fixtures.copy(empty, as: "inventory-pull-ours.sqlite")
        let storage = try SQLiteStorage(path: path)
        let service = InventoryModuleService(
            store: SQLiteInventoryStore(storage: storage), remote: remote, strategy: .standard,
            replicaID: ReplicaID(rawValue: "new-tablet"), clock: .constant(template.lastRecordedAt),
            random: .constant(0.5))
        var report: InventorySyncReport?
        // Only the device is charged: the remote's entries (the fixture) are resident before this point.
        let memory = PhasePeakMemory.start()
        let pulled = try await Stopwatch.time { report = try await service.syncPending(households: [household]) }
        let background = await Stopwatch.time { await service.waitForBackgroundWork() }
        let growth = memory.growth
        let marks = try await SQLiteInventoryStore(storage: storage).checkpointMarks(of: household)
        ScaleLog.write("     ours at \(template.entryCount): syncPending \(Report.formatSeconds(pulled)) + background checkpoints "
            + "\(Report.formatSeconds(background)); \(marks.count) checkpoints, newest after entry "
            + "\(marks.map(\.entryCount).max() ?? 0); peak growth \(PhasePeakMemory.summary(growth)); \(PeakMemory.summary)")
        if let growth, growth > inventoryPullPeakGrowthLimit {
            await checks.fail("peak growth \(PhasePeakMemory.summary(growth)) above \(inventoryPullPeakGrowthLimit / 1_048_576) MiB")
        }
        if report?.pulled != template.entryCount || report?.pullFailures.isEmpty != true {
            await checks.fail("pulled \(report?.pulled ?? 0) of \(template.entryCount)")
        }
        if try await service.state(of: household) != template.state {
            await checks.fail("the pulled state differs from the projected journal")
        }
        try storage.close()
        fixtures.removeDatabase(path)
        return pulled + background
    }

    /// The floor: one commit of `template`'s entries into a copy of the empty template and one
    /// `InventoryProjector.project` of them; records a failed check when either differs from the template.
    private static func commitAndProject(
        _ template: InventoryHistoryTemplate, empty: String, fixtures: BenchFixtures, checks: InventoryScaleChecks
    ) async throws -> Double {
        let household = InventoryHouseholdCatalog.household
        let path = try await fixtures.copy(empty, as: "inventory-pull-baseline.sqlite")
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteInventoryStore(storage: storage)
        var transaction = InventoryLocalTransaction()
        transaction.entries = template.entries
        var state: InventoryState?
        let memory = PhasePeakMemory.start()
        let seconds = try await Stopwatch.time {
            try await store.commit(transaction)
            state = InventoryProjector.project(template.entries)
        }
        ScaleLog.write("     baseline at \(template.entryCount): \(Report.formatSeconds(seconds)); peak growth "
            + PhasePeakMemory.summary(memory.growth))
        if state != template.state { await checks.fail("the baseline's projection differs") }
        if try await store.entries(of: household).count != template.entryCount {
            await checks.fail("the baseline stored another journal")
        }
        try storage.close()
        fixtures.removeDatabase(path)
        return seconds
    }
}
