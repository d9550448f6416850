import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SQLiteStorage

/// One household journal booked by ``InventoryHistory`` into a SQLite database file (`SQLiteInventoryStore`, with
/// the checkpoints the service wrote and an empty outbox, as on a device whose entries were pushed), closed and
/// with its WAL folded in, plus what the scenarios check their results against.
struct InventoryHistoryTemplate: Sendable {
    /// Journal entries in the database.
    let entryCount: Int
    /// The database file (never opened by a measurement that writes: those work on copies).
    let path: String
    /// The journal, in recording order.
    let entries: [InventoryJournalEntry]
    /// `InventoryProjector.project(entries)`: the state every open and pull must arrive at.
    let state: InventoryState
    /// The newest checkpoint the service left in the file.
    let newestCheckpoint: InventoryCheckpointMark
    /// How many checkpoints the file holds.
    let checkpointCount: Int
    /// When the last entry was recorded.
    let lastRecordedAt: Date

    /// The replica that booked every template's journal.
    static let replica = ReplicaID(rawValue: "kitchen-phone")

    /// Books a journal of `size` entries into a copy of the empty template and checks it.
    ///
    /// - Throws: a storage error, or ``BenchmarkError/setup(_:)`` when the service's state or checkpoints are not
    ///   what the journal says.
    static func build(size: Int, fixtures: BenchFixtures, log: @Sendable (String) -> Void) async throws -> Self {
        let household = InventoryHouseholdCatalog.household
        let clock = ContinuousClock()
        let start = clock.now
        let path = try await fixtures.copy(fixtures.emptyTemplate(), as: "inventory-history-\(size).sqlite")
        let storage = try SQLiteStorage(path: path)
        let store = SQLiteInventoryStore(storage: storage)
        let time = HistoryClock(InventoryHistory.start)
        let uuids = InventoryBenchData.UUIDSource(seed: 0x5CA1_E000 &+ UInt64(size))
        let service = InventoryModuleService(
            store: store, strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue), replicaID: replica,
            clock: time.clock, random: .constant(0.5), makeUUID: { uuids.next() })
        let tally = try await InventoryHistory(entryCount: size, seed: 0x40_05E_401D &+ UInt64(size))
            .book(on: service, clock: time)
        let booked = Stopwatch.seconds(start.duration(to: clock.now))
        // The checkpoint writes still in flight land before the file is closed; then the household is checkpointed
        // at its last entry, as an app does when it goes idle (`writeCheckpoints()`), so every size opens with no
        // tail to fold and the open scenarios compare what grows with history, not where the last background
        // checkpoint happened to land.
        await service.waitForBackgroundWork()
        await service.writeCheckpoints()
        let served = try await service.state(of: household)
        // A device whose entries reached the remote: the outbox is empty.
        var acknowledged = InventoryLocalTransaction()
        acknowledged.removedOutboxEntries = try await store.pendingOutbox(limit: size + 1).map(\.operationID)
        try await store.commit(acknowledged)
        let entries = try await store.entries(of: household)
        let marks = try await store.checkpointMarks(of: household)
        try storage.close()
        try BenchFixtures.checkpoint(path)

        let state = InventoryProjector.project(entries)
        guard entries.count == size, state == served, tally.refused == 0 else {
            throw BenchmarkError.setup(
                "inventory history \(size): \(entries.count) entries, service state \(state == served ? "matches" : "differs"), \(tally)")
        }
        guard let newest = marks.max(by: { $0.orderKey < $1.orderKey }) else {
            throw BenchmarkError.setup("inventory history \(size): the service wrote no checkpoint")
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        log("   inventory history \(size): booked in \(Report.formatSeconds(booked)), checkpoints done after "
            + "\(Report.formatSeconds(Stopwatch.seconds(start.duration(to: clock.now)))); \(tally); \(state.lots.count) lots; "
            + "\(marks.count) checkpoints, newest after entry \(newest.entryCount); file \(bytes / 1_048_576) MiB; \(PeakMemory.summary)")
        return InventoryHistoryTemplate(
            entryCount: size, path: path, entries: entries, state: state, newestCheckpoint: newest,
            checkpointCount: marks.count, lastRecordedAt: entries.map(\.recordedAt).max() ?? InventoryHistory.start)
    }
}

/// The run's ``InventoryHistoryTemplate``s, built once each (the first scenario that needs one starts all sizes)
/// and shared by every inventory scale scenario.
actor InventoryHistoryTemplates {
    /// The one set of templates of the process.
    static let shared = InventoryHistoryTemplates()

    private var builds: [Int: Task<InventoryHistoryTemplate, any Error>] = [:]

    /// The template of `size` entries; the first call starts every size of the run's ``InventoryScaleSizes``.
    func template(_ size: Int, fixtures: BenchFixtures) async throws -> InventoryHistoryTemplate {
        if builds.isEmpty {
            let log = ScaleLog.write
            // Smallest first: the small ones are ready while the large one books; two builds share the two cores.
            for length in fixtures.configuration.inventoryScale.all {
                builds[length] = Task { try await InventoryHistoryTemplate.build(size: length, fixtures: fixtures, log: log) }
            }
        }
        if builds[size] == nil {
            let log = ScaleLog.write
            builds[size] = Task { try await InventoryHistoryTemplate.build(size: size, fixtures: fixtures, log: log) }
        }
        guard let build = builds[size] else { throw BenchmarkError.setup("no inventory history of \(size) entries") }
        return try await build.value
    }
}
