import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting

/// Factories for product module tests.
enum SyncFixtures {
    /// The devices' starting time: the fixtures' epoch.
    static let t0 = Date.fixtureEpoch

    /// One device: its own storage ("disk"), clock, connectivity and service.
    final class Device: @unchecked Sendable {
        // @unchecked: mutated only from the test's own task.
        let storage: InventoryKitTesting.InMemoryStorageProvider
        let clock: ManualClock
        let connectivity: ToggleConnectivity
        let remote: InMemoryProductRemote
        let replica: ReplicaID
        let strategy: ProductSyncStrategy
        let uuids: SeededUUIDGenerator
        private var seed: UInt64
        private(set) var service: ProductModuleService

        init(
            _ name: String, remote: InMemoryProductRemote, clock: ManualClock = ManualClock(t0),
            strategy: ProductSyncStrategy = ProductSyncStrategy(
                readPolicy: .localOnly, writePolicy: .localThenEnqueue,
                retryPolicy: RetryPolicy(baseDelay: 1, maxDelay: 8, maxAttempts: 1_000)),
            storage: InventoryKitTesting.InMemoryStorageProvider = InventoryKitTesting.InMemoryStorageProvider(),
            seed: UInt64 = 1
        ) {
            self.storage = storage
            self.clock = clock
            self.connectivity = ToggleConnectivity()
            self.remote = remote
            self.replica = ReplicaID(name)
            self.strategy = strategy
            // Each device draws its own ids: mix the device's name into the seed.
            let mixed = name.utf8.reduce(seed ^ 0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
            self.uuids = SeededUUIDGenerator(seed: mixed)
            self.seed = mixed
            service = Self.makeService(storage, remote, clock, connectivity, replica, strategy, uuids, seed)
        }

        /// Drops the service (its in-memory state) and starts a new one on the same storage.
        func restart() async {
            await service.waitForBackgroundWork()
            seed &+= 1
            service = Self.makeService(storage, remote, clock, connectivity, replica, strategy, uuids, seed)
        }

        /// Every local product, in id order.
        func products() async throws -> [Product] {
            var all: [Product] = []
            var query: ProductQuery? = ProductQuery(page: PageRequest(limit: 1_000), sort: .createdAt(.ascending))
            while let current = query {
                let page = try await service.store.query(current)
                all += page.products
                query = current.after(page.nextCursor)
            }
            return all.sorted { $0.productID < $1.productID }
        }

        private static func makeService(
            _ storage: InventoryKitTesting.InMemoryStorageProvider, _ remote: InMemoryProductRemote, _ clock: ManualClock,
            _ connectivity: ToggleConnectivity, _ replica: ReplicaID, _ strategy: ProductSyncStrategy, _ uuids: SeededUUIDGenerator,
            _ seed: UInt64
        ) -> ProductModuleService {
            ProductModuleService(
                storage: storage, remote: remote, connectivity: connectivity, strategy: strategy, replicaID: replica,
                clock: clock.clock, random: .seeded(seed), makeUUID: { uuids.next() })
        }
    }

    /// One step of a model-based test that is not a write, by `roll` (0 or more): a device goes on- or offline, the
    /// remote fails the next calls, applies a push and loses its ACK, delivers the next push twice, a device
    /// restarts, or (the rest, from 27 on) the device syncs.
    static func disturb(
        _ roll: Int, device: Device, remote: InMemoryProductRemote, random: inout some RandomNumberGenerator
    ) async throws {
        switch roll {
        case 0..<8: await device.connectivity.set(online: !(await device.connectivity.isOnline))
        case 8..<14: await remote.failNextCalls(Int.random(in: 1...2, using: &random))
        case 14..<18: await remote.timeOutAfterApplyingNext(1)
        case 18..<22: await remote.deliverTwiceNext(1)
        case 22..<27: await device.restart()
        default: try await device.service.syncPending()
        }
    }

    /// Ends a model-based test's disturbances: no more faults, every device online, four rounds in which each
    /// device syncs a thousand seconds later.
    static func heal(_ devices: [Device], remote: InMemoryProductRemote) async throws {
        await remote.clearFaults()
        for device in devices { await device.connectivity.set(online: true) }
        for _ in 0..<4 {
            for device in devices {
                device.clock.advance(by: 1_000)
                try await device.service.syncPending()
            }
        }
    }
}
