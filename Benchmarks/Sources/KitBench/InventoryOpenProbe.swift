import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SQLiteStorage

/// The two ways the open scenarios read a household back from a template: through the kit (a new storage, store
/// and service, then `state(of:)`), or raw (the newest checkpoint row's blob through SQLite's C API, decoded).
enum InventoryOpenProbe {
    /// Opens the household through `SQLiteStorage` + `SQLiteInventoryStore` + `InventoryModuleService` and returns
    /// the seconds it took and the state the service holds; the storage is closed afterwards (untimed).
    static func service(_ path: String) async throws -> (seconds: Double, state: InventoryState) {
        var storage: SQLiteStorage?
        var state: InventoryState?
        let seconds = try await Stopwatch.time {
            let opened = try SQLiteStorage(path: path)
            storage = opened
            let service = InventoryModuleService(
                store: SQLiteInventoryStore(storage: opened), strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue),
                replicaID: InventoryHistoryTemplate.replica, clock: .constant(InventoryHistory.start), random: .constant(0.5))
            state = try await service.state(of: InventoryHouseholdCatalog.household)
        }
        try storage?.close()
        guard let state else { throw BenchmarkError.setup("the service opened no state") }
        return (seconds, state)
    }

    /// Reads the newest checkpoint row's `state` blob with one `SELECT` and decodes it as the kit decodes a
    /// checkpoint's bytes (`InventoryCheckpoint.state()`: the binary form's live state decoded, its history sealed).
    static func raw(_ path: String, mark: InventoryCheckpointMark) throws -> (seconds: Double, state: InventoryState) {
        var state: InventoryState?
        let seconds = try Stopwatch.timeSync {
            let database = try RawDatabase(path: path)
            let statement = try database.prepare(
                """
                SELECT state FROM inventory_checkpoints WHERE household_id = ?
                ORDER BY recorded_at DESC, replica_id DESC, entry_id DESC LIMIT 1
                """)
            statement.bind(1, InventoryHouseholdCatalog.household.rawValue)
            guard try statement.step() else { throw BenchmarkError.setup("no checkpoint row in \(path)") }
            state = try InventoryCheckpoint(mark: mark, stateData: statement.data(0)).state()
        }
        guard let state else { throw BenchmarkError.setup("no checkpoint decoded") }
        return (seconds, state)
    }

    /// The newest checkpoint's blob size, for the log.
    static func checkpointBytes(_ path: String) throws -> Int {
        let database = try RawDatabase(path: path)
        let statement = try database.prepare("SELECT MAX(length(state)) FROM inventory_checkpoints")
        _ = try statement.step()
        return Int(statement.int64(0))
    }
}

/// What the measurements of an inventory scale scenario saw, checked after the measurements: every open and pull
/// must have produced the expected state, every command run the same entries and stock.
actor InventoryScaleChecks {
    private var failures: [String] = []
    private var digests: [Side: [String]] = [:]

    /// Records a failed check of one measurement.
    func fail(_ detail: String) {
        failures.append(detail)
    }

    /// Records a side's result digest.
    func record(_ digest: String, side: Side) {
        digests[side, default: []].append(digest)
    }

    /// Throws when a check failed, or (with `compareSides`) when the digests of the sides differ.
    func verify(_ scenario: String, compareSides: Bool) throws {
        if let first = failures.first {
            throw BenchmarkError.mismatch(scenario: scenario, detail: "\(failures.count) failed checks, first: \(first)")
        }
        let all = digests.values.flatMap { $0 }
        guard compareSides, let expected = all.first else { return }
        guard all.allSatisfy({ $0 == expected }) else {
            throw BenchmarkError.mismatch(
                scenario: scenario, detail: "ours \(digests[.ours] ?? []), baseline \(digests[.baseline] ?? [])")
        }
    }
}
