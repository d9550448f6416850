import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Devices for inventory service tests: each with its own storage, clock, connectivity and service.
enum ServiceFixtures {
    static let t0 = Date(timeIntervalSince1970: 1_773_129_600)
    static let home = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())
    static let piece = UnitID.derived(name: "piece")
    static let pantry = LocationID.derived(household: home, name: "Pantry")
    static let fridge = LocationID.derived(household: home, name: "Fridge")
    static let freezer = LocationID.derived(household: home, name: "Freezer")
    static let products = ["milk", "eggs", "peas"].compactMap { ProductReference(rawValue: $0) }

    static func dec(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

    /// A resolver that knows a fixed set of products and migrations, changeable by the test.
    final class Catalog: ProductReferenceResolver, @unchecked Sendable {
        // @unchecked: `known` and `migrations` are only touched under `lock`.
        private let lock = NSLock()
        private var known: Set<ProductReference>
        private var migrations: [ProductReference: ProductReference] = [:]

        init(_ known: [ProductReference]) { self.known = Set(known) }

        func migrate(_ old: ProductReference, to new: ProductReference) {
            lock.withLock {
                migrations[old] = new
                known.insert(new)
            }
        }

        func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution {
            lock.withLock {
                let canonical = migrations[reference] ?? reference
                return known.contains(canonical) ? .exists(canonical: canonical) : .unknown
            }
        }
    }

    final class Device: @unchecked Sendable {
        // @unchecked: mutated only from the test's own task.
        let storage = InMemoryStorageProvider()
        let clock: ManualClock
        let connectivity = ToggleConnectivity()
        let remote: InMemoryInventoryRemote
        let catalog: Catalog
        let replica: ReplicaID
        let strategy: InventorySyncStrategy
        let checkpoints: InventoryCheckpointPolicy
        let timeZone: HouseholdTimeZone
        private let uuids: SeededUUIDGenerator
        private(set) var service: InventoryModuleService

        init(
            _ name: String, remote: InMemoryInventoryRemote, catalog: Catalog = Catalog(products), clock: ManualClock = ManualClock(t0),
            strategy: InventorySyncStrategy = InventorySyncStrategy(
                writePolicy: .localThenEnqueue, retryPolicy: RetryPolicy(baseDelay: 1, maxDelay: 8, maxAttempts: 1_000)),
            checkpoints: InventoryCheckpointPolicy = .standard, seed: UInt64 = 1, timeZone: HouseholdTimeZone = .utc
        ) {
            self.timeZone = timeZone
            self.checkpoints = checkpoints
            self.remote = remote
            self.catalog = catalog
            self.clock = clock
            self.replica = ReplicaID(name)
            self.strategy = strategy
            uuids = SeededUUIDGenerator(seed: name.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) })
            service = InventoryModuleService(
                storage: storage, remote: remote, products: catalog, connectivity: connectivity, strategy: strategy,
                checkpoints: checkpoints, replicaID: replica, clock: clock.clock, random: .seeded(seed),
                timeZone: timeZone, makeUUID: { [uuids] in uuids.next() })
        }

        /// Drops the service's in-memory state and starts a new one on the same storage.
        func restart() async {
            await service.waitForBackgroundWork()
            service = InventoryModuleService(
                storage: storage, remote: remote, products: catalog, connectivity: connectivity, strategy: strategy,
                checkpoints: checkpoints, replicaID: replica, clock: clock.clock, random: .seeded(7),
                timeZone: timeZone, makeUUID: { [uuids] in uuids.next() })
        }

        /// Creates the household with a unit and three locations (one a freezer).
        func setUpHousehold() async throws {
            try await service.perform(.createHousehold(name: "Home"), in: home)
            try await service.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: home)
            for (name, freezer) in [("Pantry", false), ("Fridge", false), ("Freezer", true)] {
                try await service.perform(.defineLocation(LocationDefinition(name: name, isFreezer: freezer)), in: home)
            }
        }

        func purchase(_ product: ProductReference, _ amount: String, at location: LocationID) async throws -> InventoryTransactionResult {
            try await service.perform(
                .purchase(PurchaseRequest(productID: product, amount: dec(amount), unit: piece, locationID: location)), in: home)
        }
    }

    /// Two or three devices (by seed) on one remote, the household set up on the first and pulled by the others.
    static func household(
        of seed: Int, remote: InMemoryInventoryRemote, prefix: String, skew: TimeInterval
    ) async throws -> [Device] {
        let devices = (0..<(2 + seed % 2)).map { index in
            Device("\(prefix)\(index)", remote: remote, clock: ManualClock(t0 + Double(index) * skew), seed: UInt64(seed * 10 + index))
        }
        try await devices[0].setUpHousehold()
        try await devices[0].service.syncPending()
        for device in devices.dropFirst() { try await device.service.syncPending(households: [home]) }
        return devices
    }

    /// Clears the remote's faults, brings every device online and syncs them all three times over, far apart in
    /// time, so every retry is due and every entry reaches every replica.
    static func healAndSync(_ devices: [Device], remote: InMemoryInventoryRemote) async throws {
        await remote.clearFaults()
        for device in devices { await device.connectivity.set(online: true) }
        for _ in 0..<3 {
            for device in devices {
                device.clock.advance(by: 1_000)
                try await device.service.syncPending(households: [home])
            }
        }
    }

    /// Expects each product's stock to be what the counted purchases bought minus what was consumed; entries in
    /// `skipped` (dropped by the fold) do not count.
    static func expectBalancedStock(
        _ journal: [InventoryJournalEntry], _ state: InventoryState, skipped: Set<UUID> = []
    ) {
        for product in products {
            let bought = journal.reduce(Decimal(0)) { total, entry in
                guard !skipped.contains(entry.id), case .purchase(let payload) = entry.operation, payload.productID == product
                else { return total }
                return total + payload.amount
            }
            let consumed = state.consumptionHistory.filter { $0.productID == product }.reduce(Decimal(0)) { $0 + $1.amount }
            let inStock = state.lots.values.filter { $0.productID == product }.reduce(Decimal(0)) { $0 + $1.quantity }
            #expect(bought - consumed == inStock, "product \(product): bought \(bought), consumed \(consumed), in stock \(inStock)")
        }
    }
}
