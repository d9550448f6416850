import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Logging
import PostgresNIO
import SyncWire
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// The server's replica folds a household exactly as a device does: after any interleaving of devices booking
/// offline, syncing late (entries that sort before ones already folded), undoing and restarting the server, its
/// state equals `InventoryProjector.project` of the whole log and a fully synced device's state — equal values and
/// the same checkpoint bytes.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ReplicaConvergenceTests {
    static let seeds = 0..<200

    @Test func theReplicaEqualsTheFullFoldAndASyncedDeviceForEverySeed() async throws {
        try await withMigratedStore { store in
            var counts = ScenarioCounts()
            for seed in Self.seeds {
                let seen = try await HouseholdScenario(seed: UInt64(seed), store: store).run()
                counts.continued += seen.continued
                counts.fromRecentState += seen.fromRecentState
                counts.fromKeyedPrefix += seen.fromKeyedPrefix
                counts.fromOlderSavedState += seen.fromOlderSavedState
                counts.wholeJournal += seen.wholeJournal
                counts.lotsAtTheEnd += seen.lotsAtTheEnd
                counts.joinedFromSnapshot += seen.joinedFromSnapshot
                counts.snapshotsServed += seen.snapshotsServed
                counts.undone += seen.undone
            }
            // Every way a fold starts was taken, late arrivals included (they force the older starts).
            #expect(counts.continued > 100, "\(counts)")
            #expect(counts.fromRecentState > 10, "\(counts)")
            #expect(counts.fromKeyedPrefix > 3, "\(counts)")
            #expect(counts.fromOlderSavedState > 10, "\(counts)")
            #expect(counts.wholeJournal > 10, "\(counts)")
            // The scenarios book for real: lots remain, and undos took effect.
            #expect(counts.lotsAtTheEnd > 200, "\(counts)")
            #expect(counts.undone > 20, "\(counts)")
            // Every seed has a device join from the server's snapshot; some load a newer one after late arrivals.
            #expect(counts.joinedFromSnapshot == Self.seeds.count, "\(counts)")
            #expect(counts.snapshotsServed > counts.joinedFromSnapshot, "\(counts)")
            if ProcessInfo.processInfo.environment["REPLICA_SCENARIO_COUNTS"] != nil { print("scenario counts: \(counts)") }
        }
    }
}

/// One seed: three devices of a household that book, consume, open, undo and sync through an in-memory remote;
/// what reaches the remote is appended to the server's log in the remote's order, and the replica is checked
/// against the fold of that log at random moments, across restarts (a new ``HouseholdReplicas`` with small
/// checkpoint intervals, so saved states and rebuilds are exercised). A fourth device joins part way through from
/// the server's snapshot (at the newest saved state, so at a random `seq`) and then books and syncs like the
/// others; at the end it holds exactly the state of a device that pulled everything.
struct HouseholdScenario {
    let seed: UInt64
    let store: PostgresSyncStore

    /// Runs the scenario; returns how the replicas' folds started.
    func run() async throws -> ScenarioCounts {
        var random = SeededRandomNumberGenerator(seed: seed &* 7919 &+ 3)
        let serverHousehold = try await store.createHousehold(name: "Seed \(seed)")
        let household = InventoryModule.HouseholdID(serverHousehold.rawValue)
        let remote = InMemoryInventoryRemote()
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let ticks = Counter()
        // A device's clock may lag the others by up to two hours: its entries sort before theirs.
        var devices = (0..<3).map { index in
            let lag = index == 0 ? 0 : Double(Int.random(in: 0...7200, using: &random))
            let uuids = SeededUUIDGenerator(seed: seed &* 31 &+ UInt64(index))
            return InventoryModuleService(
                storage: InMemoryStorageProvider(), remote: remote, replicaID: ReplicaID("device-\(index)"),
                clock: InventoryClock { base.addingTimeInterval(Double(ticks.next()) * 60 - lag) },
                timeZone: HouseholdTimeZone(TimeZone(identifier: "Europe/Berlin") ?? .gmt), makeUUID: { uuids.next() })
        }
        let products = (0..<4).map { ProductReference(UUID(fixtureNumber: $0)) }
        try await devices[0].perform(.createHousehold(name: "Home"), in: household)
        try await devices[0].perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: household)
        let locations = ["Fridge", "Pantry"].map { LocationID.derived(household: household, name: $0) }
        for (location, name) in zip(locations, ["Fridge", "Pantry"]) {
            try await devices[0].perform(.defineLocation(LocationDefinition(id: location, name: name)), in: household)
        }
        try await devices[0].syncPending(households: [household], trigger: .explicit)
        var mirrored: [InventoryJournalEntry] = []
        var replicas = Self.replicas(store, &random)
        var counts = ScenarioCounts()
        func count(_ replicas: HouseholdReplicas) async {
            let seen = await replicas.foldCounts
            counts.continued += seen.continued
            counts.fromRecentState += seen.fromRecentState
            counts.fromKeyedPrefix += seen.fromKeyedPrefix
            counts.fromOlderSavedState += seen.fromOlderSavedState
            counts.wholeJournal += seen.wholeJournal
        }
        var undoable: [[TransactionID]] = [[], [], [], []]
        var online = [true, true, true, true]
        let joinsAt = 5 + Int(seed % 15)
        let logMirror = LogMirror(remote: remote, store: store, household: household, serverHousehold: serverHousehold)
        let joining = ServerSnapshotGateway(
            remote: remote, mirror: logMirror, store: store, replicas: Self.replicas(store, &random), household: serverHousehold)
        let joinerStorage = InMemoryStorageProvider()

        for step in 0..<30 {
            if step == joinsAt {
                let uuids = SeededUUIDGenerator(seed: seed &* 31 &+ 3)
                let joiner = InventoryModuleService(
                    storage: joinerStorage, remote: joining, replicaID: ReplicaID("device-3"),
                    clock: InventoryClock { base.addingTimeInterval(Double(ticks.next()) * 60) },
                    timeZone: HouseholdTimeZone(TimeZone(identifier: "Europe/Berlin") ?? .gmt), makeUUID: { uuids.next() })
                _ = try await joiner.syncPending(households: [household], trigger: SyncTrigger.explicit)
                devices.append(joiner)
            }
            let index = Int.random(in: 0..<devices.count, using: &random)
            let device = devices[index]
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 55 {
                if let id = await Self.book(device, household, products, locations, &undoable[index], &random) {
                    undoable[index].append(id)
                }
            } else if roll < 75 {
                if online[index] { _ = try? await device.syncPending(households: [household], trigger: .explicit) }
            } else if roll < 85 {
                online[index].toggle()
            } else {
                mirrored = try await mirror(logMirror)
                if Bool.random(using: &random) {
                    await count(replicas)
                    // A restarted process has none of the entries its store appended before; a replica that
                    // takes over in the same process keeps them.
                    let restarted = Bool.random(using: &random)
                        ? PostgresSyncStore(client: store.client, logger: store.logger) : store
                    replicas = Self.replicas(restarted, &random)
                }
                try await expectReplica(replicas, serverHousehold, equalsFoldOf: mirrored, mirroredBy: logMirror)
            }
        }
        // Everyone comes online and syncs until nothing is left; the log is complete.
        for _ in 0..<2 {
            for device in devices {
                await device.waitForBackgroundWork()
                _ = try await device.syncPending(households: [household], trigger: .explicit)
            }
        }
        mirrored = try await mirror(logMirror)
        let state = try await expectReplica(replicas, serverHousehold, equalsFoldOf: mirrored, mirroredBy: logMirror)
        let fresh = Self.replicas(store, &random)
        let restarted = try await fresh.view(of: serverHousehold, atLeast: nil).state
        await count(replicas)
        await count(fresh)
        let device = try await devices[Int.random(in: 0..<3, using: &random)].state(of: household)
        let joiner = try #require(devices.last)
        let floor = try await StorageInventoryStore(storage: joinerStorage).snapshotFloor(of: household)
        #expect(floor != nil, "seed \(seed): the fourth device did not join from a snapshot")
        #expect(
            try InventoryCheckpoint.canonicalBytes(of: await joiner.state(of: household)) == InventoryCheckpoint.canonicalBytes(of: device),
            "seed \(seed): the device that joined from a snapshot differs from one that pulled everything")
        counts.joinedFromSnapshot += floor == nil ? 0 : 1
        counts.snapshotsServed += joining.served.value
        #expect(state == device, "seed \(seed): the replica differs from a synced device")
        counts.lotsAtTheEnd += state.lots.count
        counts.undone += state.undoneTransactions.count
        #expect(restarted == device, "seed \(seed): a restarted replica differs from a synced device")
        #expect(
            try InventoryCheckpoint.canonicalBytes(of: state) == InventoryCheckpoint.canonicalBytes(of: device),
            "seed \(seed): the replica's canonical bytes differ from a synced device's")
        return counts
    }

    static let piece = UnitID.derived(name: "piece")

    /// Books a random command on the device; returns the transaction to remember for a later undo.
    static func book(
        _ device: InventoryModuleService, _ household: InventoryModule.HouseholdID, _ products: [ProductReference],
        _ locations: [LocationID], _ undoable: inout [TransactionID], _ random: inout SeededRandomNumberGenerator
    ) async -> TransactionID? {
        let product = products[Int.random(in: 0..<products.count, using: &random)]
        let amount = Decimal(Int.random(in: 1...5, using: &random)) / (Bool.random(using: &random) ? 1 : 4)
        let command: InventoryCommand
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
            let day = CalendarDay(daysSinceEpoch: 20_800 + Int.random(in: -10...20, using: &random))
            let location = locations[Int.random(in: 0..<locations.count, using: &random)]
            command = .purchase(PurchaseRequest(productID: product, amount: amount, unit: piece, locationID: location, dueDate: .on(day)))
        case 4, 5: command = .consume(ConsumeRequest(productID: product, amount: amount, unit: piece))
        case 6: command = .open(OpenRequest(productID: product, unit: piece))
        case 7: command = .addShoppingListItem(ShoppingListRequest(productID: product, note: "seed note", amount: amount))
        case 8: command = .setProductSettings(ProductStockSettings(productID: product, minimumStock: amount, stockUnit: piece))
        default:
            guard let target = undoable.popLast() else { return nil }
            command = .undo(target)
        }
        // A command the rules refuse (more than is in stock, an undo of an undone transaction) writes nothing.
        return (try? await device.perform(command, in: household))?.transactionID
    }

    /// Appends what the remote holds beyond the server's log to it, in the remote's order (devices push in the
    /// background, so the remote may hold more by the time the replica is read); returns every entry mirrored.
    func mirror(_ logMirror: LogMirror) async throws -> [InventoryJournalEntry] {
        let (entries, refused) = try await logMirror.mirror()
        for outcome in refused { Issue.record("seed \(seed): the server did not apply a mirrored entry: \(outcome)") }
        return entries
    }

    /// Checks the replica against the fold of the entries mirrored to the server's log; returns its state.
    @discardableResult
    func expectReplica(
        _ replicas: HouseholdReplicas, _ serverHousehold: SyncServer.HouseholdID,
        equalsFoldOf log: [InventoryJournalEntry], mirroredBy logMirror: LogMirror
    ) async throws -> InventoryState {
        let view = try await replicas.view(of: serverHousehold, atLeast: nil)
        // The joining device's background sync may have mirrored more since: the log through the view's seq.
        #expect(view.seq >= Int64(log.count), "seed \(seed): the replica is behind the mirrored log")
        let expected = InventoryProjector.project(await logMirror.remote.entries(of: logMirror.household).prefix(Int(view.seq)))
        #expect(view.state == expected, "seed \(seed): the replica differs from the full fold at seq \(view.seq)")
        #expect(view.state.transactions == expected.transactions, "seed \(seed): transactions differ")
        #expect(view.state.consumptionHistory == expected.consumptionHistory, "seed \(seed): consumption differs")
        #expect(
            try InventoryCheckpoint.canonicalBytes(of: view.state) == InventoryCheckpoint.canonicalBytes(of: expected),
            "seed \(seed): the replica's canonical bytes differ from the full fold's")
        return view.state
    }

    /// A replica as a (re)started server has it, saving a state every few entries and keeping two.
    static func replicas(_ store: PostgresSyncStore, _ random: inout SeededRandomNumberGenerator) -> HouseholdReplicas {
        var policy = HouseholdReplicas.Policy()
        policy.checkpointInterval = Int64.random(in: 1...6, using: &random)
        policy.keptCheckpoints = 2
        policy.pageSize = 7
        policy.prefixKeptEntries = Int.random(in: 1...12, using: &random)
        policy.prefixMaxEntries = policy.prefixKeptEntries + Int.random(in: 0...12, using: &random)
        return HouseholdReplicas(store: store, policy: policy, logger: store.logger)
    }
}

/// What the scenarios did: how the replicas' folds started, and what the households hold at the end.
struct ScenarioCounts: Sendable, CustomStringConvertible {
    var continued = 0
    var fromRecentState = 0
    var fromKeyedPrefix = 0
    var fromOlderSavedState = 0
    var wholeJournal = 0
    var lotsAtTheEnd = 0
    var undone = 0
    var joinedFromSnapshot = 0
    var snapshotsServed = 0

    var description: String {
        "folds continued \(continued), from a recent state \(fromRecentState), from the keyed prefix \(fromKeyedPrefix), from an older saved state \(fromOlderSavedState), whole \(wholeJournal); lots \(lotsAtTheEnd), undone \(undone); joined from a snapshot \(joinedFromSnapshot), snapshots served \(snapshotsServed)"
    }
}

/// A thread-safe tick counter for the devices' clocks.
final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }

    var value: Int { lock.withLock { count } }
}

/// A migrated throwaway cluster and a store on it.
func withMigratedStore(_ body: @escaping @Sendable (PostgresSyncStore) async throws -> Void) async throws {
    try await withPostgresCluster { cluster in
        try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: ServerProcessTests.logger) { client in
            try await Migrator().migrate(client: client, logger: ServerProcessTests.logger)
            try await body(PostgresSyncStore(client: client, logger: ServerProcessTests.logger))
        }
    }
}
