import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting

/// Factories for product module tests.
enum SyncFixtures {
    static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A valid EAN-13 built from a number.
    static func ean13(_ number: Int) -> String {
        let body = String(format: "%012d", number % 1_000_000_000_000)
        return body + String(GTIN.checkDigit(for: body) ?? 0)
    }

    static func product(barcode: String?, title: String, brand: String? = nil, now: Date = t0, id: UUID = UUID()) throws -> Product {
        try Product.new(barcode: barcode, title: title, brand: brand, id: id, now: now)
    }

    /// One device: its own storage ("disk"), clock, connectivity and service.
    final class Device: @unchecked Sendable {
        // @unchecked: mutated only from the test's own task.
        let storage: InventoryKitTesting.InMemoryStorageProvider
        let clock: ManualClock
        let connectivity: ToggleConnectivity
        let remote: InMemoryProductRemote
        let replica: ReplicaID
        let strategy: ProductSyncStrategy
        let uuids: SeededUUIDs
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
            self.uuids = SeededUUIDs(seed: mixed)
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
                let page = try await service.local.query(current)
                all += page.products
                query = current.after(page.nextCursor)
            }
            return all.sorted { $0.productId < $1.productId }
        }

        private static func makeService(
            _ storage: InventoryKitTesting.InMemoryStorageProvider, _ remote: InMemoryProductRemote, _ clock: ManualClock,
            _ connectivity: ToggleConnectivity, _ replica: ReplicaID, _ strategy: ProductSyncStrategy, _ uuids: SeededUUIDs,
            _ seed: UInt64
        ) -> ProductModuleService {
            ProductModuleService(
                storage: storage, remote: remote, connectivity: connectivity, strategy: strategy, replicaID: replica,
                clock: clock.clock, random: .seeded(seed), makeUUID: { uuids.next() })
        }
    }
}

/// Deterministic UUIDs from a seed.
final class SeededUUIDs: @unchecked Sendable {
    // @unchecked: `random` is only used under `lock`.
    private let lock = NSLock()
    private var random: SeededRandomNumberGenerator

    init(seed: UInt64) { random = SeededRandomNumberGenerator(seed: seed) }

    func next() -> UUID {
        lock.withLock {
            let high = random.next()
            let low = random.next()
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in 0..<8 {
                bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
                bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
            }
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }
}
