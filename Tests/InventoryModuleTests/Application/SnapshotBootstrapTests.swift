import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Devices that join a household from the remote's snapshot instead of its whole journal (in the property test,
/// every device but the one that created the household, one of them late) end, after syncing,
/// with exactly the state of the devices that pulled everything — through offline periods, late arrivals that
/// reach before its snapshot (it loads a newer one), undo, restarts and checkpoints.
@Suite("Snapshot bootstrap")
struct SnapshotBootstrapTests {
    typealias S = ServiceFixtures

    @Test("200 seeds: a device bootstrapped at a random change converges with the devices that pulled everything",
          arguments: 0..<200)
    func bootstrappedDeviceConverges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ 3)
        let remote = InMemoryInventoryRemote()
        let tenths = Int64(1 + seed % 9)
        await remote.serveSnapshots { head in max(1, head * tenths / 10) }
        var devices = try await S.household(of: seed, remote: remote, prefix: "d", skew: 2.3)
        let checkpoints = seed % 3 == 0 ? InventoryCheckpointPolicy(interval: 6, newestKept: 2) : .standard
        var joiner: S.Device?
        var transactions: [TransactionID] = []
        var written: Set<UUID> = Set(try await devices[0].service.state(of: S.home).appliedEntryIDs)

        for step in 0..<60 {
            if step == 20 + seed % 15 {
                let device = S.Device(
                    "late", remote: remote, clock: ManualClock(S.t0 + Double(step) * 60), checkpoints: checkpoints,
                    seed: UInt64(seed) + 99)
                try await device.service.syncPending(households: [S.home])
                devices.append(device)
                joiner = device
            }
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
            let amount = S.dec(["0.5", "1", "2"][Int.random(in: 0..<3, using: &random)])
            var command: InventoryCommand?
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<28:
                let location = [S.pantry, S.fridge, S.freezer][Int.random(in: 0..<3, using: &random)]
                command = .purchase(PurchaseRequest(productID: product, amount: amount * 3, unit: S.piece, locationID: location))
            case 28..<46:
                command = .consume(ConsumeRequest(productID: product, amount: amount, unit: S.piece))
            case 46..<52:
                command = .open(OpenRequest(productID: product, amount: amount, unit: S.piece))
            case 52..<62:
                if let target = transactions.randomElement(using: &random) { command = .undo(target) }
            case 62..<72:
                await device.connectivity.set(online: !(await device.connectivity.isOnline))
            case 72..<77:
                await remote.failNextCalls(1)
            case 77..<82:
                await device.restart()
            default:
                try await device.service.syncPending(households: [S.home])
            }
            if let command {
                do {
                    let result = try await device.service.perform(command, in: S.home)
                    written.formUnion(result.entries.map(\.id))
                    if let id = result.transactionID { transactions.append(id) }
                } catch let error as InventoryError {
                    if case .undoBeforeSnapshot = error { #expect(device === joiner) }
                }
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...90, using: &random))) }
        }

        try await S.healAndSync(devices, remote: remote)

        let joined = try #require(joiner)
        #expect(await remote.servedSnapshots >= 1)
        #expect(try await joined.service.store.snapshotFloor(of: S.home) != nil, "the late device did not join from a snapshot")
        let reference = try await devices[0].service.state(of: S.home)
        #expect(reference.appliedEntryIDs == written)
        let full = InventoryProjector.project(await remote.entries(of: S.home))
        #expect(try InventoryCheckpoint.canonicalBytes(of: full) == InventoryCheckpoint.canonicalBytes(of: reference))
        for device in devices {
            #expect(try await device.service.pendingCount() == 0)
            #expect(try await device.service.state(of: S.home) == reference, "replica \(device.replica) diverged")
        }
        await joined.restart()
        #expect(try await joined.service.state(of: S.home) == reference, "the late device diverged after a restart")
    }

    @Test("a late arrival before the snapshot makes the device load a newer snapshot that holds it")
    func lateArrivalBeforeTheSnapshotLoadsANewerOne() async throws {
        let remote = InMemoryInventoryRemote()
        await remote.serveSnapshots()
        let first = S.Device("first", remote: remote)
        try await first.setUpHousehold()
        let offline = S.Device("offline", remote: remote, clock: ManualClock(S.t0 + 5))
        try await first.service.syncPending()
        try await offline.service.syncPending(households: [S.home])
        await offline.connectivity.set(online: false)
        // The offline device buys early; the first device buys later and syncs.
        try await offline.service.perform(
            .purchase(PurchaseRequest(productID: S.products[0], amount: 2, unit: S.piece, locationID: S.pantry)), in: S.home)
        first.clock.advance(by: 600)
        try await first.service.perform(
            .purchase(PurchaseRequest(productID: S.products[1], amount: 3, unit: S.piece, locationID: S.fridge)), in: S.home)
        try await first.service.syncPending()

        let joiner = S.Device("joiner", remote: remote, clock: ManualClock(S.t0 + 1_200))
        let served = await remote.servedSnapshots
        try await joiner.service.syncPending(households: [S.home])
        let floor = try #require(try await joiner.service.store.snapshotFloor(of: S.home))
        #expect(await remote.servedSnapshots == served + 1)
        #expect(try await joiner.service.store.entries(of: S.home).isEmpty, "the snapshot should replace the journal")

        // The offline device's purchase sorts before the joiner's snapshot.
        await offline.connectivity.set(online: true)
        try await offline.service.syncPending(households: [S.home])
        try await joiner.service.syncPending(households: [S.home])
        let newer = try #require(try await joiner.service.store.snapshotFloor(of: S.home))
        #expect(newer.seq > floor.seq)
        #expect(await remote.servedSnapshots == served + 2)
        try await first.service.syncPending()
        #expect(try await joiner.service.state(of: S.home) == first.service.state(of: S.home))
        #expect(try await joiner.service.state(of: S.home) == InventoryProjector.project(await remote.entries(of: S.home)))
    }

    @Test("a device cannot undo a transaction its snapshot holds, and says so; a later one it can")
    func undoBeforeTheSnapshotIsRefused() async throws {
        let remote = InMemoryInventoryRemote()
        await remote.serveSnapshots()
        let first = S.Device("first", remote: remote)
        try await first.setUpHousehold()
        let early = try await first.service.perform(
            .purchase(PurchaseRequest(productID: S.products[0], amount: 2, unit: S.piece, locationID: S.pantry)), in: S.home)
        try await first.service.syncPending()

        let joiner = S.Device("joiner", remote: remote, clock: ManualClock(S.t0 + 60))
        try await joiner.service.syncPending(households: [S.home])
        let before = try await joiner.service.state(of: S.home)
        let target = try #require(early.transactionID)
        let floor = try #require(try await joiner.service.store.snapshotFloor(of: S.home))
        do {
            try await joiner.service.perform(.undo(target), in: S.home)
            Issue.record("the undo of a transaction the snapshot holds was accepted")
        } catch let error as InventoryError {
            #expect(error.description == InventoryError.undoBeforeSnapshot(target, snapshotSeq: floor.seq).description)
        }
        #expect(try await joiner.service.state(of: S.home) == before, "a refused undo wrote something")
        #expect(try await joiner.service.pendingCount() == 0)

        let later = try await joiner.service.perform(
            .purchase(PurchaseRequest(productID: S.products[1], amount: 1, unit: S.piece, locationID: S.fridge)), in: S.home)
        try await joiner.service.perform(.undo(try #require(later.transactionID)), in: S.home)
        try await joiner.service.syncPending(households: [S.home])
        try await first.service.syncPending()
        #expect(try await first.service.state(of: S.home) == joiner.service.state(of: S.home))
        // The device that holds the history can undo the early purchase; the joiner then follows.
        try await first.service.perform(.undo(target), in: S.home)
        try await first.service.syncPending()
        try await joiner.service.syncPending(households: [S.home])
        #expect(try await joiner.service.state(of: S.home) == first.service.state(of: S.home))
    }

    @Test("a device that wrote entries before its first pull keeps its journal, and can still undo them")
    func aDeviceWithItsOwnEntriesKeepsItsJournal() async throws {
        let remote = InMemoryInventoryRemote()
        await remote.serveSnapshots()
        let first = S.Device("first", remote: remote)
        try await first.setUpHousehold()
        let purchase = try await first.service.perform(
            .purchase(PurchaseRequest(productID: S.products[0], amount: 2, unit: S.piece, locationID: S.pantry)), in: S.home)
        try await first.service.syncPending()
        #expect(await remote.servedSnapshots == 0, "a device with entries of the household loaded a snapshot")
        #expect(try await first.service.store.snapshotFloor(of: S.home) == nil)
        #expect(try await first.service.store.entries(of: S.home).count == (await remote.entries(of: S.home)).count)
        try await first.service.perform(.undo(try #require(purchase.transactionID)), in: S.home)
        try await first.service.syncPending()
        let second = S.Device("second", remote: remote, clock: ManualClock(S.t0 + 30))
        try await second.service.syncPending(households: [S.home])
        #expect(await remote.servedSnapshots == 1)
        #expect(try await second.service.state(of: S.home) == first.service.state(of: S.home))
    }
}
